/**
 * Runs before every page request and makes the shopper's tokens valid before anything renders:
 * a first visit gets its visitor here, an access token about to expire is renewed here. Server
 * components cannot set cookies; the proxy can. New tokens go to this request's cookies (which
 * the layout and the page read) and to the response's (which the browser keeps), so nothing
 * grants again.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isStoreAuthError } from '@vitrine/sdk';
import {
  createServerStoreClient,
  type CookieAttributes,
  type RequestCookies,
  type ServerStoreClientOptions,
} from '@vitrine/sdk/server';
import { readStoreConfig } from './lib/store-config';

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const written: { name: string; value: string; attributes: CookieAttributes }[] = [];
  const cookies: RequestCookies = {
    get: (name) => request.cookies.get(name),
    set: (name, value, attributes) => {
      // The request's cookies too, so this request's server components read the new tokens.
      if (attributes.maxAge === 0) request.cookies.delete(name);
      else request.cookies.set(name, value);
      written.push({ name, value, attributes });
    },
  };
  try {
    await prepareTokens({ ...readStoreConfig(), cookies, url: request.url });
  } catch {
    // The store could not be reached: the layout tries again and, failing too, says so.
  }
  const response = NextResponse.next({ request: { headers: request.headers } });
  for (const { name, value, attributes } of written) response.cookies.set(name, value, attributes);
  return response;
}

/** Reuses valid tokens, renews expiring ones, or mints a visitor; new ones go to `cookies.set`. */
async function prepareTokens(options: ServerStoreClientOptions): Promise<void> {
  try {
    (await createServerStoreClient(options)).dispose();
  } catch (error) {
    if (!isStoreAuthError(error) || error.code !== 'SESSION_ENDED') throw error;
    // The platform ended the member's session, and its cookie is gone: mint the new visitor
    // here, where its cookie can be written (the layout could not, and the browser would mint
    // another).
    (await createServerStoreClient(options)).dispose();
  }
}

export const config = {
  // Pages only: not the webhooks (the platform has no shopper to mint), Next's static files,
  // images or the icon.
  matcher: ['/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)'],
};
