/**
 * Money arithmetic in integer cents, and the platform's price formats: numbers on catalog
 * entities, decimal strings (`"12.5"`) with formatted companions on cart entities.
 */
import type { WireMoney } from '../models/catalog.js';

/** The symbol of the store currency (USD, see models/catalog.ts). */
const CURRENCY_SYMBOL = '$';

/** Dollars (possibly fractional) to whole cents. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Whole cents to dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * `$1,234.50` (what `Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD'})` gives,
 * written out because it sits on the hot path of every cart read).
 */
export function formatCents(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${CURRENCY_SYMBOL}${whole}.${frac}`;
}

/** The platform's decimal string: no trailing zeros, `"12.5"`, `"85"`, `"0"`. */
export function decimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** A cart price from cents. */
export function money(cents: number): WireMoney {
  const amount = decimalString(cents);
  const formatted = formatCents(cents);
  return {
    amount,
    convertedAmount: amount,
    formattedAmount: formatted,
    formattedConvertedAmount: formatted,
  };
}
