/**
 * Runs before every page: a first visit gets its visitor tokens here (the official client's
 * `generateVisitorTokens`) and keeps them in the session cookie, which this request's pages read
 * too. Middleware in the edge runtime, as the platform's own Next.js starters write it (Next 16
 * also takes `proxy.ts`, in the Node runtime): Next runs it in a sandbox with a `fetch` of its own,
 * which a patched global `fetch` never reaches; the emulator's drop-in routes the client's
 * `https://www.wixapis.com` from beneath it.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE, SESSION_COOKIE_OPTIONS, parseTokens, wixClient } from './lib/wix';

export async function middleware(request: NextRequest): Promise<NextResponse> {
  if (parseTokens(request.cookies.get(SESSION_COOKIE)?.value)) return NextResponse.next();
  const tokens = await wixClient().auth.generateVisitorTokens();
  const value = JSON.stringify(tokens);
  request.cookies.set(SESSION_COOKIE, value);
  const response = NextResponse.next({ request: { headers: request.headers } });
  response.cookies.set(SESSION_COOKIE, value, SESSION_COOKIE_OPTIONS);
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
