/**
 * The answer of a hosted sign-in to the shop: `code` (or an OAuth error) and `state`, sent to the
 * exact registered redirect URI by query, by fragment, or by `web_message` (a page that posts it
 * to the shop's hidden iframe) (docs/wire-conventions.md "Hosted pages").
 */
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { randomToken } from '../crypto/random.js';
import type { AuthorizationResult } from './auth-page-service.js';
import { htmlPage, scriptJson } from './html.js';
import type { RedirectSessionRecord } from '../models/sessions.js';

/** Sends `result` and the session's `state` to its redirect URI. */
export function answerAuthorization(
  c: Context<AppEnv>,
  session: RedirectSessionRecord,
  result: AuthorizationResult,
  status: 302 | 303,
): Response {
  const auth = session.auth!;
  const params: Record<string, string> = { ...result, state: auth.state };
  if (auth.responseMode === 'web_message') {
    const nonce = randomToken('');
    const origin = new URL(auth.redirectUri).origin;
    // The one page meant for a frame: the shop's hidden iframe, and no one else's.
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors ${origin}`,
    );
    c.header('X-Frame-Options', undefined);
    const script = `window.parent.postMessage(${scriptJson({ type: 'authorization_response', response: params })}, ${scriptJson(origin)});`;
    return c.html(htmlPage('Signing you in', '<p>You can close this window.</p>', nonce, script));
  }
  const target = new URL(auth.redirectUri);
  if (auth.responseMode === 'query') {
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
    return c.redirect(target.href, status);
  }
  target.hash = new URLSearchParams(params).toString();
  return c.redirect(target.href, status);
}
