/**
 * Apply or remove a coupon. Hooks: `useCart` (the coupon's code, pending and error),
 * `useApplyCoupon`, `useRemoveCoupon`.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useApplyCoupon, useCart, useRemoveCoupon } from '@vitrine/react';
import { errorMessage } from '@vitrine/shop-ui/lib/errors';
import { formatCartMoney } from '@vitrine/shop-ui/lib/format';
import { Spinner } from '@vitrine/shop-ui/components/Feedback';

export function CouponForm(): ReactNode {
  const coupon = useCart((state) => state.coupon);
  const currency = useCart((state) => state.cart?.currency ?? 'USD');
  // What the coupon takes off, once the store has priced it: Cart V1 says so on the cart; Cart V2
  // only with the cart's totals (an estimate), whose coupon discount is the cart's one coupon.
  const couponAmount = useCart(
    (state) =>
      state.cart?.appliedDiscounts?.find((discount) => discount.coupon?.amount)?.coupon?.amount ??
      state.estimate?.appliedDiscounts?.find((discount) => discount.coupon?.amount)?.coupon?.amount,
  );
  const applyCoupon = useApplyCoupon();
  const removeCoupon = useRemoveCoupon();
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.trim().toUpperCase();
    if (trimmed === '') return;
    applyCoupon.mutate(trimmed, { onSuccess: () => setCode('') });
  };

  if (coupon.code) {
    const amount = formatCartMoney(couponAmount, currency);
    return (
      <div>
        <div className="coupon-applied" role="status">
          <span>
            Coupon <strong>{coupon.code}</strong> {coupon.pending ? 'being applied…' : 'applied'}
            {!coupon.pending && amount ? (
              <>
                {' '}
                <span className="coupon-applied__amount">(−{amount})</span>
              </>
            ) : null}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => removeCoupon.mutate()}
            disabled={coupon.pending}
            aria-label={`Remove coupon ${coupon.code}`}
          >
            Remove
          </button>
        </div>
      </div>
    );
  }

  const error = coupon.error;
  return (
    <form onSubmit={submit} noValidate>
      <label className="label" htmlFor={inputId}>
        Coupon code
      </label>
      <div className="inline-form" style={{ marginTop: '0.35rem' }}>
        <input
          id={inputId}
          className="input"
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={coupon.pending || code.trim() === ''}
        >
          {coupon.pending ? <Spinner /> : null}
          Apply
        </button>
      </div>
      {error ? (
        <p id={errorId} className="cart-line__error" role="alert" style={{ marginTop: '0.5rem' }}>
          {errorMessage(error)}
        </p>
      ) : null}
      <p className="coupon-hint">
        Running against the emulator? Try <code>WELCOME10</code>, <code>SAVE5</code> or{' '}
        <code>FREESHIP</code>.
      </p>
    </form>
  );
}
