/**
 * Sign-in on the platform's hosted page: OAuth data (PKCE) kept in a short-lived cookie for the
 * callback, then a redirect to the page the official client's `getAuthUrl` names.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { serverClient } from '../../lib/server';
import { OAUTH_COOKIE } from '../../lib/wix';

export async function GET(request: NextRequest) {
  const client = await serverClient();
  const origin = request.nextUrl.origin;
  const oauthData = client.auth.generateOAuthData(`${origin}/callback`, `${origin}/`);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: 'query' });
  const response = NextResponse.redirect(authUrl, 303);
  response.cookies.set(OAUTH_COOKIE, JSON.stringify(oauthData), {
    path: '/callback',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 600,
  });
  return response;
}
