/**
 * Anti-forgery tokens of the hosted forms (sign-in, sign-up, reset, verification code, recovery,
 * checkout): one per flow, an HMAC of the flow's id under a secret kept in state, put in a hidden
 * field by the page and required back by its POST. A page on another site cannot read it, so it
 * cannot make a browser post credentials, a code or an order; such a POST is also refused when the
 * browser says it comes from another site (`Sec-Fetch-Site`, or a foreign `Origin`).
 */
import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { safeEqual } from '../crypto/hash.js';
import { hidden } from './html.js';

/** The hidden field holding the token. */
export const FORM_TOKEN_FIELD = 'formToken';

/** The token of a flow (`auth:<session id>`, `checkout:<session id>`, `recovery:<token hash>`). */
export function formToken(ctx: EmulatorContext, flow: string): string {
  return createHmac('sha256', ctx.store.state.formSecret).update(flow, 'utf8').digest('base64url');
}

/** The hidden input carrying a flow's token. */
export function formTokenField(ctx: EmulatorContext, flow: string): string {
  return hidden(FORM_TOKEN_FIELD, formToken(ctx, flow));
}

/**
 * Why a form POST must be refused, or `undefined` when it came from the flow's own page: the
 * flow's token, and nothing saying the browser sent it from another site. (A same-origin form
 * post under `Referrer-Policy: no-referrer` carries `Origin: null`, so `null` is not foreign.)
 */
export function forgedPostReason(
  ctx: EmulatorContext,
  c: Context<AppEnv>,
  form: URLSearchParams,
  flow: string,
): string | undefined {
  const site = c.req.header('sec-fetch-site');
  const origin = c.req.header('origin');
  const own = new URL(c.req.url).origin;
  if (
    (site !== undefined && site !== 'same-origin' && site !== 'none') ||
    (origin !== undefined && origin !== 'null' && origin !== own)
  )
    return 'This form was sent from another site.';
  if (!safeEqual(form.get(FORM_TOKEN_FIELD) ?? '', formToken(ctx, flow)))
    return 'This form has expired or was not sent from its own page.';
  return undefined;
}
