/** The paths `@vitrine/next` answers in the proxy (see `@vitrine/next/proxy`). */
export const VITRINE_PATHS = {
  /** The browser's client asks for an access token here (`POST`). */
  session: '/_vitrine/session',
  /** The browser's client asks which store it talks to here (`GET`: client id and address). */
  store: '/_vitrine/store',
  /** A link here starts a sign-in on the store's hosted page (`?returnTo=/path`). */
  signIn: '/_vitrine/sign-in',
} as const;

/**
 * The query a browser that runs no script is sent to once, on the page it is on, to be marked
 * (`NoScriptSupport`): relative, so the refresh keeps the page's path.
 */
export const NO_SCRIPT_QUERY = { name: '_vitrine', value: 'no-script' } as const;

/**
 * The link that starts a sign-in on the store's hosted page and comes back to `returnTo` (a path
 * of the shop). A plain link: it works before any script has loaded.
 * @example <a href={hostedSignInHref('/account')}>Sign in</a>
 */
export function hostedSignInHref(returnTo = '/'): string {
  return `${VITRINE_PATHS.signIn}?returnTo=${encodeURIComponent(returnTo)}`;
}
