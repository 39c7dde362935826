/**
 * The hint's inline script and style as a page carries them: the hashes a shop puts in its
 * Content-Security-Policy are theirs (a change to either without its hash would have browsers
 * refuse it under such a policy), and the script puts a hint's count, unit and role in place.
 */
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SHOPPER_HINT_CSP, ShopperHintScript } from '../shopper-hint-script.js';

const markup = renderToStaticMarkup(<ShopperHintScript />);
const script = /<script>([\s\S]*?)<\/script>/.exec(markup)?.[1] ?? '';
const style = /<style>([\s\S]*?)<\/style>/.exec(markup)?.[1] ?? '';

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Runs the script on a page holding `cookie`, with one count and one unit element. */
function runWithCookie(cookie: string) {
  const count = { textContent: '0' };
  const unit = { textContent: ' items' };
  const attributes = new Map<string, string>();
  const document = {
    cookie,
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    querySelectorAll: (selector: string) =>
      selector === '[data-vitrine-cart-count]'
        ? [count]
        : selector === '[data-vitrine-cart-unit]'
          ? [unit]
          : [],
  };
  runInNewContext(script, { document });
  return {
    count: count.textContent,
    unit: unit.textContent,
    role: attributes.get('data-vitrine-role'),
  };
}

describe('ShopperHintScript', () => {
  it('is allowed by the hashes SHOPPER_HINT_CSP names', () => {
    expect(script).not.toBe('');
    expect(style).not.toBe('');
    expect(SHOPPER_HINT_CSP.script).toBe(cspHash(script));
    expect(SHOPPER_HINT_CSP.style).toBe(cspHash(style));
  });

  it('carries a nonce when given one', () => {
    const withNonce = renderToStaticMarkup(<ShopperHintScript nonce="n0nce" />);
    expect(withNonce).toContain('<script nonce="n0nce">');
    expect(withNonce).toContain('<style nonce="n0nce">');
  });

  it("puts the hint's count, unit and role in place", () => {
    expect(runWithCookie('a=b; vitrine.shop.cart=1%3Amember%3Aid-1%3Ashop; c=d')).toEqual({
      count: '1',
      unit: ' item',
      role: 'member',
    });
    expect(runWithCookie('vitrine.shop.cart=12%3Avisitor%3Aid-2%3Ashop')).toEqual({
      count: '12',
      unit: ' items',
      role: 'visitor',
    });
  });

  it('leaves the page as rendered without a hint, or with one that is not', () => {
    const untouched = { count: '0', unit: ' items', role: undefined };
    expect(runWithCookie('')).toEqual(untouched);
    expect(runWithCookie('vitrine.shop.cart=-1%3Avisitor%3Aid%3Ashop')).toEqual(untouched);
    expect(runWithCookie('vitrine.shop.cart=%E0%A4%A')).toEqual(untouched);
    expect(runWithCookie('vitrine.shop.cart=3%3Avisitor')).toEqual(untouched);
  });
});
