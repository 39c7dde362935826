/**
 * The cart page's side panel: coupon, shipping estimate for an address with the shipping the
 * estimate gives, the totals, and checkout. Hooks: `useCart` (cart, estimate, pending),
 * `useEstimateTotals`, `useCheckout` (through `CheckoutButton`).
 *
 * Shipping is shown as the estimate gives it: Cart V2 prices one delivery method (the store's
 * choice, or the one asked for) and lists only that one, which the page shows as a line; a cart
 * that lists several (Cart V1) gets a choice of them, each choice estimated again.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useCart, useEstimateTotals } from '@vitrine/react';
import type { Address, SelectedShippingOption, ShippingOption } from '@vitrine/sdk';
import { formatCartMoney, shippingCostText, shippingOptionsOf } from '@vitrine/shop-ui/lib/format';
import { CheckoutButton } from '@vitrine/shop-ui/components/CheckoutButton';
import { CouponForm } from './CouponForm';
import { ErrorMessage, Spinner } from '@vitrine/shop-ui/components/Feedback';

/** Countries the shop ships to (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'AU', name: 'Australia' },
] as const;

export function CartSummary(): ReactNode {
  const [address, setAddress] = useState<Address | undefined>(undefined);
  const [shippingOption, setShippingOption] = useState<SelectedShippingOption | undefined>();

  return (
    <aside aria-label="Order summary">
      <section className="panel" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Order summary</h2>
        <Totals />
        <CheckoutButton
          {...(address ? { shippingAddress: address } : {})}
          {...(shippingOption ? { selectedShippingOption: shippingOption } : {})}
        />
        <p className="checkout-note">
          You will pay on the store&apos;s secure checkout page, then come back here.
        </p>
      </section>
      <section className="panel" aria-labelledby="coupon-heading">
        <h2 id="coupon-heading">Have a coupon?</h2>
        <CouponForm />
      </section>
      <section className="panel" aria-labelledby="estimate-heading">
        <h2 id="estimate-heading">Estimate shipping and tax</h2>
        <EstimateForm
          selected={shippingOption}
          onEstimated={(used, option) => {
            setAddress(used);
            setShippingOption(option);
          }}
        />
      </section>
    </aside>
  );
}

/** Subtotal, discount, and (once estimated) shipping, tax and total. */
function Totals(): ReactNode {
  const cart = useCart((state) => state.cart);
  const estimate = useCart((state) => state.estimate);
  const pending = useCart((state) => state.pending);
  const currency = cart?.currency ?? 'USD';
  const summary = estimate?.priceSummary;
  const couponDiscount = cart?.appliedDiscounts?.find((d) => d.coupon)?.coupon?.amount;

  const rows: { label: string; value: string; className?: string }[] = [];
  rows.push({
    label: 'Subtotal',
    value: formatCartMoney(summary?.subtotal ?? cart?.subtotal, currency),
  });
  const discount = summary?.discount ?? couponDiscount;
  if (discount && Number(discount.amount) > 0) {
    rows.push({
      label: 'Discount',
      value: `−${formatCartMoney(discount, currency)}`,
      className: 'discount',
    });
  }
  if (summary) {
    rows.push({
      label: 'Shipping',
      value: Number(summary.shipping?.amount) > 0 ? formatCartMoney(summary.shipping) : 'Free',
    });
    rows.push({ label: 'Tax', value: formatCartMoney(summary.tax, currency) });
  }

  return (
    <table className="summary-table" aria-busy={pending}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td className={row.className}>{row.value}</td>
          </tr>
        ))}
        {summary ? (
          <tr className="summary-table__total">
            <th scope="row">Estimated total</th>
            <td>{formatCartMoney(summary.total, currency)}</td>
          </tr>
        ) : (
          <tr>
            <th scope="row">Shipping and tax</th>
            <td className="field__hint">Estimate below, or at checkout</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

function EstimateForm({
  selected,
  onEstimated,
}: {
  selected: SelectedShippingOption | undefined;
  onEstimated: (address: Address, option: SelectedShippingOption | undefined) => void;
}): ReactNode {
  const estimateTotals = useEstimateTotals();
  const estimate = useCart((state) => state.estimate);
  const currency = useCart((state) => state.cart?.currency ?? 'USD');
  const [country, setCountry] = useState('US');
  const [subdivision, setSubdivision] = useState('');
  const [postalCode, setPostalCode] = useState('');
  // The option the shopper just picked, shown at once while the new estimate is on its way.
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const ids = { country: useId(), subdivision: useId(), postal: useId() };

  const addressOf = (): Address => ({
    country,
    ...(subdivision.trim() ? { subdivision: subdivision.trim() } : {}),
    ...(postalCode.trim() ? { postalCode: postalCode.trim() } : {}),
  });

  const run = (address: Address, option: SelectedShippingOption | undefined) => {
    estimateTotals.mutate(
      { shippingAddress: address, ...(option ? { selectedShippingOption: option } : {}) },
      {
        onSuccess: (result) => {
          const chosen = result.shippingInfo?.selectedCarrierServiceOption;
          onEstimated(
            address,
            chosen?.code
              ? { code: chosen.code, ...(chosen.carrierId ? { carrierId: chosen.carrierId } : {}) }
              : option,
          );
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPicked(undefined);
    run(addressOf(), selected);
  };

  const options = shippingOptionsOf(estimate);
  // The cart engine drops the estimate when the cart changes.
  const stale = estimateTotals.isSuccess && !estimate && !estimateTotals.isPending;
  const selectedCode =
    picked ?? estimate?.shippingInfo?.selectedCarrierServiceOption?.code ?? selected?.code ?? '';

  return (
    <>
      <form className="estimate-form" onSubmit={submit}>
        <div className="field field--wide">
          <label htmlFor={ids.country}>Country</label>
          <select
            id={ids.country}
            className="select"
            value={country}
            onChange={(event) => setCountry(event.target.value)}
            autoComplete="shipping country"
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.subdivision}>State or region</label>
          <input
            id={ids.subdivision}
            className="input"
            value={subdivision}
            onChange={(event) => setSubdivision(event.target.value)}
            autoComplete="shipping address-level1"
            placeholder="Optional"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.postal}>Postal code</label>
          <input
            id={ids.postal}
            className="input"
            value={postalCode}
            onChange={(event) => setPostalCode(event.target.value)}
            autoComplete="shipping postal-code"
            placeholder="Optional"
          />
        </div>
        <div className="field--wide">
          <button
            type="submit"
            className="button button--secondary button--block"
            disabled={estimateTotals.isPending}
          >
            {estimateTotals.isPending ? <Spinner /> : null}
            {stale ? 'Update the estimate' : 'Estimate shipping'}
          </button>
          {stale ? (
            <p className="field__hint" role="status">
              Your cart changed since the last estimate.
            </p>
          ) : null}
        </div>
      </form>
      {estimateTotals.error ? <ErrorMessage error={estimateTotals.error} /> : null}
      {estimate && options.length === 1 && options[0] ? (
        <ShippingLine option={options[0].option} currency={currency} />
      ) : null}
      {estimate && options.length > 1 ? (
        <fieldset className="shipping-options">
          <legend>Shipping options</legend>
          {options.map(({ carrierId, option }) => {
            const code = option.code ?? '';
            const cost = option.cost?.price;
            return (
              <label className="shipping-option" key={`${carrierId ?? ''}:${code}`}>
                <input
                  type="radio"
                  name="shipping-option"
                  value={code}
                  checked={selectedCode === code}
                  disabled={estimateTotals.isPending}
                  onChange={() => {
                    setPicked(code);
                    run(addressOf(), { code, ...(carrierId ? { carrierId } : {}) });
                  }}
                />
                <span className="shipping-option__text">
                  <span>{option.title ?? code}</span>
                  {option.logistics?.deliveryTime ? (
                    <span className="shipping-option__time">{option.logistics.deliveryTime}</span>
                  ) : null}
                </span>
                <strong>{shippingCostText(cost, currency)}</strong>
              </label>
            );
          })}
        </fieldset>
      ) : null}
    </>
  );
}

/** The one shipping option an estimate priced: its name, its delivery time and its cost. */
function ShippingLine({
  option,
  currency,
}: {
  option: ShippingOption;
  currency: string;
}): ReactNode {
  const cost = option.cost?.price;
  return (
    <div className="shipping-options" role="group" aria-label="Shipping">
      <p className="shipping-option shipping-option--only">
        <span className="shipping-option__text">
          <span>{option.title ?? option.code}</span>
          {option.logistics?.deliveryTime ? (
            <span className="shipping-option__time">{option.logistics.deliveryTime}</span>
          ) : null}
        </span>
        <strong>{shippingCostText(cost, currency)}</strong>
      </p>
      <p className="field__hint">You choose how it is delivered on the checkout page.</p>
    </div>
  );
}
