/**
 * What the callback page says when the hosted sign-in came back without a member (`?error=` of
 * the proxy's redirect), in words a shopper can read.
 */
const MESSAGES: Record<string, string> = {
  access_denied: 'Signing in was cancelled.',
  login_required: 'Please sign in.',
  invalid_state: 'That sign-in link has expired or was already used: please sign in again.',
  sign_in_failed: 'You could not be signed in: please try again.',
  store_unreachable: 'The store could not be reached: please try again in a moment.',
};

/**
 * The message of a hosted sign-in's `?error=` code, or `undefined` without one.
 * @example signInReturnMessage((await searchParams).error)
 */
export function signInReturnMessage(error: string | string[] | undefined): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  // Own keys only: `?error=constructor` must not find Object's.
  return Object.hasOwn(MESSAGES, error)
    ? MESSAGES[error]
    : 'You could not be signed in: please try again.';
}
