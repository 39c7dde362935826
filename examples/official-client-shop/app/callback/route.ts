/** The hosted sign-in's return: the code becomes member tokens in the session cookie. */
import type { OauthData } from '@wix/sdk';
import { NextResponse, type NextRequest } from 'next/server';
import { OAUTH_COOKIE, SESSION_COOKIE, SESSION_COOKIE_OPTIONS, wixClient } from '../../lib/wix';

export async function GET(request: NextRequest) {
  const stored = request.cookies.get(OAUTH_COOKIE)?.value;
  const client = wixClient();
  const { code, state, error } = client.auth.parseFromUrl(request.url, 'query');
  if (!stored || error || !code || !state) return NextResponse.redirect(new URL('/', request.url));
  const oauthData = JSON.parse(stored) as OauthData;
  const tokens = await client.auth.getMemberTokens(code, state, oauthData);
  const response = NextResponse.redirect(new URL(oauthData.originalUri || '/', request.url));
  response.cookies.set(SESSION_COOKIE, JSON.stringify(tokens), SESSION_COOKIE_OPTIONS);
  response.cookies.delete({ name: OAUTH_COOKIE, path: '/callback' });
  return response;
}
