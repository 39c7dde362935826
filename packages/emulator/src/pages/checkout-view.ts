/**
 * The hosted checkout page's HTML. It shows only what is known: shipping and tax depend on where
 * the order goes, so until a country is known (from the checkout's address or chosen on the page)
 * the page asks for it and shows no shipping, tax or total rather than $0.00.
 */
import type { Totals } from '../cart/totals.js';
import { money } from '../catalog/money.js';
import { errorBanner, esc, hidden } from './html.js';

/** Countries the page offers; others are "another country" (`ZZ`), which the emulator does not tax. */
export const CHECKOUT_COUNTRIES: readonly (readonly [string, string])[] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ZZ', 'Another country'],
];

function amount(cents: number): string {
  return esc(money(cents).formattedAmount);
}

function cents(m: { amount: string }): number {
  return Math.round(Number(m.amount) * 100);
}

function lineRows(totals: Totals): string {
  return totals.lines
    .map(
      (l) =>
        `<tr><td>${esc(l.wire.productName.original)}${l.countable < l.wire.quantity ? ` <span class="note">(${l.countable} available)</span>` : ''}</td><td class="n">× ${l.countable}</td><td class="n">${amount(l.unitCents * l.countable)}</td></tr>`,
    )
    .join('');
}

function row(label: string, value: string): string {
  return `<tr><th>${esc(label)}</th><td></td><td class="n">${value}</td></tr>`;
}

/** What the page renders: the totals, and whether the destination country is known. */
export interface CheckoutView {
  totals: Totals;
  /** The country shipping and tax were computed for; `undefined` while unknown. */
  country: string | undefined;
  sessionId: string;
  formToken: string;
  error?: string;
}

function summary({ totals, country }: CheckoutView): string {
  const s = totals.priceSummary;
  const rows = [row('Subtotal', amount(cents(s.subtotal)))];
  if (cents(s.discount) > 0) rows.push(row('Discount', `−${amount(cents(s.discount))}`));
  if (country === undefined) {
    rows.push(
      `<tr><td colspan="3" class="note">Shipping and tax depend on where the order goes: choose below.</td></tr>`,
    );
    return rows.join('');
  }
  if (totals.selected) {
    const cost = cents(s.shipping);
    rows.push(row(`Shipping (${totals.selected.title})`, cost === 0 ? 'Free' : amount(cost)));
  }
  const percent = Math.round(totals.taxRate * 1000) / 10;
  rows.push(
    row(percent > 0 ? `Tax (${percent}%)` : 'Tax (none for this country)', amount(cents(s.tax))),
  );
  rows.push(row('Total', `<strong>${amount(cents(s.total))}</strong>`));
  return rows.join('');
}

function deliveryFields({ totals, country }: CheckoutView): string {
  const countries = CHECKOUT_COUNTRIES.map(
    ([code, name]) =>
      `<option value="${code}"${code === country ? ' selected' : ''}>${esc(name)}</option>`,
  ).join('');
  const select = `<label for="country">Country</label><select id="country" name="country" required><option value="">Choose…</option>${countries}</select>`;
  if (!totals.shippable) return select;
  const chosen = totals.selected?.code;
  const options = totals.offered
    .map(
      (o) =>
        `<label class="choice"><input type="radio" name="shippingOption" value="${esc(o.code)}"${o.code === chosen ? ' checked' : ''} required> ${esc(o.title)}: ${o.cents === 0 ? 'Free' : amount(o.cents)}</label>`,
    )
    .join('');
  return `${select}<fieldset><legend>Delivery</legend>${options}</fieldset>`;
}

/** The page body: the order, what is known of its total, and the next step. */
export function checkoutBody(view: CheckoutView): string {
  const common = `${hidden('redirectSessionId', view.sessionId)}${hidden('formToken', view.formToken)}`;
  const table = `<table>${lineRows(view.totals)}${summary(view)}</table>`;
  if (view.country === undefined) {
    return `${errorBanner(view.error)}${table}<form method="post" action="/checkout">${common}${hidden('intent', 'review')}${deliveryFields(view)}<button type="submit">Review total</button></form>`;
  }
  const chosen = `${hidden('country', view.country)}${view.totals.selected ? hidden('shippingOption', view.totals.selected.code) : ''}`;
  return `${errorBanner(view.error)}${table}<form method="post" action="/checkout">${common}${hidden('intent', 'place')}${chosen}<button type="submit">Place order</button></form>`;
}
