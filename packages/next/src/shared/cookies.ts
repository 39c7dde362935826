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
 * The shopper's hint (`vitrine.<client id>.cart`): what a page shows of the shopper before any
 * script of the store has loaded, so that pages need no request-time part. Its value is
 * `<item count>:<role>:<identity>:<client id>` (each part URI-encoded): written by the proxy (a
 * visitor minted there has 0 items; a session without a hint of its identity gets its cart read
 * once), deleted by a cart write on the server (the next view reads the cart again), and kept by
 * the browser's cart engine once it has loaded. Not HttpOnly: page scripts read it, and it holds
 * nothing secret. A hint of another identity (signed in or out since) is ignored.
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

/** What the shopper's hint says. */
export interface ShopperHint {
  /** Units in the shopper's cart (0: no cart). */
  itemCount: number;
  /** The session's role. */
  role: 'visitor' | 'member';
  /** The session's identity (not a secret). */
  identity: string;
  /** The store's headless client id. */
  clientId: string;
}

/** The hint's cookie value. */
export function shopperHintValue(hint: ShopperHint): string {
  return [
    String(hint.itemCount),
    hint.role,
    encodeURIComponent(hint.identity),
    encodeURIComponent(hint.clientId),
  ].join(':');
}

/** The hint a cookie value holds, or `undefined` for a value that is not one. */
export function parseShopperHint(value: string | undefined): ShopperHint | undefined {
  if (value === undefined || value.length > 1024) return undefined;
  const parts = value.split(':');
  if (parts.length !== 4) return undefined;
  const [count = '', role, identity = '', clientId = ''] = parts;
  if (!/^\d{1,6}$/.test(count) || (role !== 'visitor' && role !== 'member')) return undefined;
  try {
    const hint = {
      itemCount: Number(count),
      role,
      identity: decodeURIComponent(identity),
      clientId: decodeURIComponent(clientId),
    } as const;
    return hint.identity === '' || hint.clientId === '' ? undefined : hint;
  } catch {
    return undefined;
  }
}

/** The hint of `value` when it is of the shopper of `identity`. */
export function hintOf(
  value: string | undefined,
  identity: string | undefined,
): ShopperHint | undefined {
  const hint = parseShopperHint(value);
  return identity !== undefined && hint?.identity === identity ? hint : undefined;
}

/** Whether `hint` says that the shopper of `identity` has no cart. */
export function knownToHaveNoCart(hint: string | undefined, identity: string | undefined): boolean {
  return hintOf(hint, identity)?.itemCount === 0;
}

/** How long the hint is kept, in seconds (as the session). */
export const HINT_MAX_AGE = 30 * 86_400;

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
