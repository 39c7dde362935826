/**
 * The cookies `@vitrine/next` keeps beside the SDK's session cookie (`vitrine.<client id>.tokens`,
 * HttpOnly): what is known of the shopper's cart, and a hosted sign-in on its way.
 */

/** The shape of a cookie to write, as Next's `cookies().set` and `NextResponse.cookies.set` take it. */
export interface CookieToWrite {
  name: string;
  value: string;
  options: {
    path: '/';
    httpOnly: boolean;
    sameSite: 'lax';
    secure: boolean;
    maxAge: number;
  };
}

/** The cookie the SDK keeps the session in (`vitrine.<client id>.tokens`, in chunks when long). */
export function sessionCookieName(clientId: string): string {
  return `vitrine.${cookieSafe(clientId)}.tokens`;
}

/**
 * The cookie that says the session's shopper has no cart: `none.<identity>`, written when the
 * session is a visitor minted here, deleted by any cart write (the browser's too: it is not
 * HttpOnly, and it holds nothing secret). A page view of such a shopper asks the platform
 * nothing; a hint of another identity (signed in or out since) is ignored.
 */
export function cartHintCookieName(clientId: string): string {
  return `vitrine.${cookieSafe(clientId)}.cart`;
}

/** The hosted sign-in under way: its PKCE verifier, state and return path (HttpOnly, 10 minutes). */
export function pendingSignInCookieName(clientId: string): string {
  return `vitrine.${cookieSafe(clientId)}.sign-in`;
}

/** How long a hosted sign-in may take, in seconds. */
export const PENDING_SIGN_IN_SECONDS = 600;

/** The hint for a shopper of `identity` who has no cart. */
export function noCartHint(identity: string): string {
  return `none.${identity}`;
}

/** Whether `hint` says that the shopper of `identity` has no cart. */
export function knownToHaveNoCart(hint: string | undefined, identity: string | undefined): boolean {
  return identity !== undefined && hint === noCartHint(identity);
}

/** A cookie of the shop's, written the way the SDK writes its session cookie. */
export function shopCookie(
  name: string,
  value: string,
  { secure, maxAge, httpOnly }: { secure: boolean; maxAge: number; httpOnly: boolean },
): CookieToWrite {
  return { name, value, options: { path: '/', httpOnly, sameSite: 'lax', secure, maxAge } };
}

// The SDK names its cookies the same way: characters a cookie name may not hold become dots.
function cookieSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9_.~-]/g, '.');
}
