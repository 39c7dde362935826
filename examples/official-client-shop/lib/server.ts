/** The shop's client for this request's shopper, in server components and route handlers. */
import { cookies } from 'next/headers';
import { parseTokens, SESSION_COOKIE, wixClient } from './wix';

export async function serverClient() {
  const jar = await cookies();
  return wixClient(parseTokens(jar.get(SESSION_COOKIE)?.value));
}

/** The platform's "no cart yet" answer, which means an empty cart. */
export function isNoCart(error: unknown): boolean {
  const code = (error as { details?: { applicationError?: { code?: string } } }).details
    ?.applicationError?.code;
  return code === 'OWNED_CART_NOT_FOUND';
}
