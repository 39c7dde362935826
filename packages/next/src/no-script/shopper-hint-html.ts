/**
 * The shopper's hint put into a page for a browser that runs no script: what `ShopperHintScript`
 * does before the first paint in a browser that does (the cart count and its unit in the marked
 * elements, the role on `<html>`), done here on the finished HTML.
 */
import { HINT_ATTRIBUTES } from '../components/shopper-hint-script.js';
import type { ShopperHint } from '../shared/cookies.js';

const COUNT = new RegExp(`(<[a-z]+\\b[^>]*\\s${HINT_ATTRIBUTES.count}=""[^>]*>)\\d+(</)`, 'g');
const UNIT = new RegExp(`(<[a-z]+\\b[^>]*\\s${HINT_ATTRIBUTES.unit}=""[^>]*>) items?(</)`, 'g');

/** `html` showing `hint` (unchanged without one). */
export function withShopperHint(html: string, hint: ShopperHint | undefined): string {
  if (hint === undefined) return html;
  const unit = hint.itemCount === 1 ? ' item' : ' items';
  return html
    .replace(COUNT, (_, open: string, close: string) => `${open}${hint.itemCount}${close}`)
    .replace(UNIT, (_, open: string, close: string) => `${open}${unit}${close}`)
    .replace(/<html\b/, `<html ${HINT_ATTRIBUTES.role}="${hint.role}"`);
}
