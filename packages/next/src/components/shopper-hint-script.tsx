/**
 * What puts the shopper's hint (a readable cookie, see shared/cookies.ts) into a prerendered page
 * before its first paint, so that a page the same for every shopper shows this one's cart count
 * and account link without a request-time part and without a layout shift.
 */
import type { ReactNode } from 'react';

/**
 * The attributes that mark where the hint goes: the cart count's text
 * (`data-vitrine-cart-count`), its unit (`data-vitrine-cart-unit`: " item" or " items"); and
 * `<html data-vitrine-role="member">` for a member, which `.vitrine-member-only` and
 * `.vitrine-visitor-only` follow.
 */
export const HINT_ATTRIBUTES = {
  count: 'data-vitrine-cart-count',
  unit: 'data-vitrine-cart-unit',
  role: 'data-vitrine-role',
} as const;

// Plain ES5, inline: it runs as the parser reaches it, after the elements it fills.
const SCRIPT = `(function(){try{var m=/(?:^|;\\s*)vitrine\\.[^=;]+\\.cart=([^;]*)/.exec(document.cookie);if(!m)return;var p=decodeURIComponent(m[1]).split(":");var n=Number(p[0]);if(p.length!==4||!(n>=0))return;document.documentElement.setAttribute("${HINT_ATTRIBUTES.role}",p[1]);var c=document.querySelectorAll("[${HINT_ATTRIBUTES.count}]");for(var i=0;i<c.length;i++)c[i].textContent=String(n);var u=document.querySelectorAll("[${HINT_ATTRIBUTES.unit}]");for(var j=0;j<u.length;j++)u[j].textContent=n===1?" item":" items"}catch(e){}})()`;

const STYLE = `html[${HINT_ATTRIBUTES.role}="member"] .vitrine-visitor-only,html:not([${HINT_ATTRIBUTES.role}="member"]) .vitrine-member-only{display:none!important}`;

/**
 * The Content-Security-Policy sources that allow `<ShopperHintScript>` on a page served with a
 * policy and no nonce (a page kept whole has none): add `script` to `script-src` and `style` to
 * `style-src`. They are the hashes of its script and style, checked by its test.
 */
export const SHOPPER_HINT_CSP = {
  script: "'sha256-Qvr6/qeuwSxbC58ER7t8PKNWhx/kDuNTRQlAb7Z86sQ='",
  style: "'sha256-h9RqDqZBHIo8hFHh1lyHiZ0pbDxi0sS4ZD+I3TEOd24='",
} as const;

/**
 * Put it right after the elements it fills (the header), once, in the root layout; give `<html>`
 * `suppressHydrationWarning` (the script sets an attribute on it before React hydrates), and the
 * count's and unit's elements too. Part of the cached shell: it reads nothing of the request.
 * Under a Content-Security-Policy, allow `SHOPPER_HINT_CSP`'s hashes, or pass the request's
 * `nonce` (which makes the layout a request-time part).
 * @example <Header /><ShopperHintScript />
 */
export function ShopperHintScript({ nonce }: { nonce?: string } = {}): ReactNode {
  return (
    <>
      <style nonce={nonce}>{STYLE}</style>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />
    </>
  );
}
