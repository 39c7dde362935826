/**
 * The HTML of the hosted sign-in pages: sign in, sign up, reset, verification code, recovery and
 * the pages that end a flow. Pure functions of what they show; every value goes through `esc`.
 * The form handling is in auth-pages.ts.
 */
import { PASSWORD_LENGTH } from '../identity/inputs.js';
import { errorBanner, esc, hidden, htmlPage } from './html.js';

/** The sign-in form; `formField` is the flow's anti-forgery field (form-token.ts). */
export function signInForm(
  sessionId: string,
  formField: string,
  error?: string,
  email = '',
): string {
  return htmlPage(
    'Sign in',
    `${errorBanner(error)}<form method="post" action="/oauth2/authorize">${hidden('redirectSessionId', sessionId)}${formField}
      <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}">
      <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button></form>
      <nav><p><a href="/oauth2/signup?redirectSessionId=${esc(sessionId)}">Create an account</a><a href="/oauth2/reset?redirectSessionId=${esc(sessionId)}">Forgot your password?</a></p></nav>`,
  );
}

/** The verification code form. */
export function verifyForm(
  sessionId: string,
  formField: string,
  stateToken: string,
  error?: string,
): string {
  return htmlPage(
    'Verify your email',
    `${errorBanner(error)}<p>We sent a 6-digit code to your email (read it in the emulator's outbox: <a href="/_emulator/outbox">/_emulator/outbox</a>).</p>
      <form method="post" action="/oauth2/verify">${hidden('redirectSessionId', sessionId)}${formField}${hidden('stateToken', stateToken)}
      <label for="code">Code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
      <button type="submit">Verify</button></form>`,
  );
}

/** The sign-up form. */
export function signUpForm(sessionId: string, formField: string): string {
  return htmlPage(
    'Create an account',
    `<form method="post" action="/oauth2/signup">${hidden('redirectSessionId', sessionId)}${formField}
        <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
        <label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_LENGTH.min}" required>
        <button type="submit">Create account</button></form><p><a href="/oauth2/authorize?redirectSessionId=${esc(sessionId)}">Already a member? Sign in</a></p>`,
  );
}

/** The form asking for the email to send a reset link to. */
export function resetForm(sessionId: string, formField: string): string {
  return htmlPage(
    'Reset your password',
    `<form method="post" action="/oauth2/reset">${hidden('redirectSessionId', sessionId)}${formField}
        <label for="email">Email</label><input id="email" name="email" type="email" required>
        <button type="submit">Send reset link</button></form>`,
  );
}

/** After a reset request: the same answer whether or not the email is a member's. */
export function resetSentPage(sessionId: string): string {
  return htmlPage(
    'Check your email',
    `<p>If an account uses this email, a reset link is on its way (see <a href="/_emulator/outbox">the outbox</a>).</p><p><a href="/oauth2/authorize?redirectSessionId=${esc(sessionId)}">Back to sign in</a></p>`,
  );
}

/** The recovery link's form for a new password. */
export function recoveryForm(token: string, formField: string): string {
  return htmlPage(
    'Choose a new password',
    `<form method="post" action="/recovery">${hidden('token', token)}${formField}
        <label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_LENGTH.min}" required>
        <button type="submit">Save password</button></form>`,
  );
}

/** A new password refused on the recovery page. */
export function recoveryRefusedPage(message: string): string {
  return htmlPage('Choose a new password', errorBanner(message));
}

/** After a recovery without a page to return to. */
export const PASSWORD_SAVED_PAGE = htmlPage(
  'Password saved',
  '<p>Your password was changed. You can sign in with it now.</p>',
);

/** A sign-in waiting for the owner's approval. */
export const WAITING_FOR_APPROVAL_PAGE = htmlPage(
  'Waiting for approval',
  '<p>The site owner must approve your account before you can sign in. Try again once approved.</p>',
);

/** After a logout without a page to return to. */
export const SIGNED_OUT_PAGE = htmlPage('Signed out', '<p>You are signed out.</p>');
