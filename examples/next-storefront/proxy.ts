/**
 * Runs before every page request: makes the shopper's tokens valid before anything renders.
 * A first visit gets its visitor here, and an access token about to expire is renewed here,
 * once, so the layout and the page of this request (and the browser afterwards) all use the
 * same tokens and grant nothing more.
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
    // The store could not be reached: the page tries again and, failing too, says so.
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
    // The platform ended the member's session and the SDK removed its cookie: go on as a new
    // visitor rather than render a signed-out page that the browser would then sign in anew.
    (await createServerStoreClient(options)).dispose();
  }
}

export const config = {
  // Pages only: not Next's static files, images or the icon.
  matcher: ['/((?!_next/static|_next/image|icon.svg|favicon.ico).*)'],
};
