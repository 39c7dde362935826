'use server';
/**
 * Signing in with a password and signing out, on the server: the member's session goes straight
 * into the HttpOnly cookie, and the visitor's cart into the member's. Both work as plain HTML form
 * posts.
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { toSameOriginPath } from '@vitrine/sdk';
import { sessionIdentity } from '@vitrine/sdk/server';
import { rememberEnded } from '../server/ended-sessions.js';
import { cartHintCookieName } from '../shared/cookies.js';
import { keepHint } from '../server/shopper-hint.js';
import { getRequestStore, requestOrigin } from '../server/request-store.js';
import { readStoreConfig } from '../server/store-config.js';
import { formOf, textField } from '../shared/form-input.js';
import { failed, type FormState } from '../shared/form-state.js';

// What a failed sign-in tells the shopper, by the SDK's error code (never whether the email exists).
const SIGN_IN_FAILURES: Record<string, string> = {
  invalidEmail: 'That email and password do not match an account.',
  invalidPassword: 'That email and password do not match an account.',
  resetPassword: 'This account needs a new password: reset it from the sign-in page.',
  missingCaptchaToken: 'The store asks for a captcha: sign in on its sign-in page instead.',
  invalidCaptchaToken: 'The store asks for a captcha: sign in on its sign-in page instead.',
};

/**
 * Signs a member in with `email` and `password`, then goes to `returnTo` (a path of the shop,
 * default `/`). Answers the form with why not, when not.
 */
export async function signIn(_state: FormState, form: FormData): Promise<FormState> {
  let returnTo: string;
  try {
    const fields = formOf(form);
    returnTo = returnPath(fields);
    const email = textField(fields, 'email', 320);
    const password = fields.get('password');
    if (email === undefined)
      return { status: 'error', message: 'Enter your email.', field: 'email' };
    if (typeof password !== 'string' || password === '' || password.length > 256) {
      return { status: 'error', message: 'Enter your password.', field: 'password' };
    }
    const store = await getRequestStore();
    const result = await store.auth.login({ email, password });
    if (result.loginState !== 'SUCCESS') {
      const message =
        result.loginState === 'EMAIL_VERIFICATION_REQUIRED'
          ? 'Your email needs verifying: sign in on the store’s sign-in page to get a code.'
          : result.loginState === 'OWNER_APPROVAL_REQUIRED'
            ? 'The store has yet to approve this account.'
            : (SIGN_IN_FAILURES[result.errorCode ?? ''] ?? 'You could not be signed in.');
      return { status: 'error', message, ...(result.errorCode ? { code: result.errorCode } : {}) };
    }
    // The member's count (the visitor's cart carried over) for the page it goes back to.
    await keepHint(store);
  } catch (error) {
    return failed(error, 'You could not be signed in.');
  }
  redirect(returnTo);
}

/**
 * Signs the shopper out here and on the store's hosted page, which then comes back to
 * `returnTo` (a path of the shop, default `/`, registered for the client id): a new visitor from
 * there on.
 */
export async function signOut(form: FormData): Promise<void> {
  const config = readStoreConfig();
  const back = form instanceof FormData ? returnPath(form) : '/';
  (await cookies()).delete(cartHintCookieName(config.clientId));
  const origin = await requestOrigin(config);
  let to = back;
  try {
    const store = await getRequestStore();
    const tokens = store.auth.getTokens();
    // No session: nothing to end (and no visitor to mint for it).
    if (tokens !== undefined) {
      const identity = sessionIdentity(store);
      try {
        // Signed out here first (the session cookie is gone), whatever the platform answers.
        ({ logoutUrl: to } = await store.auth.logout(`${origin}${back}`));
      } finally {
        // A copy of the cookie kept from before is not vouched for any more.
        if (identity !== undefined) rememberEnded(identity, tokens.accessToken.expiresAt * 1000);
      }
    }
  } catch {
    // The platform's sign-out page could not be reached: signed out of this shop, back to `back`.
  }
  // Absolute: a browser that runs no script gets this redirect through the proxy.
  redirect(new URL(to, origin).href);
}

/**
 * The form's `returnTo`, a path of the shop: `/` for anything else (another site, a file, a
 * text too long), rather than an error, so signing in or out still works.
 */
function returnPath(form: FormData): string {
  const value = form.get('returnTo');
  return typeof value === 'string' && value.trim() !== '' ? toSameOriginPath(value.trim()) : '/';
}
