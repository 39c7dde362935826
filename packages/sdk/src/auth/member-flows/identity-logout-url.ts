/**
 * `store.identity.authentication.logoutUrl`: the address of the platform's logout page. It makes
 * no call, so the auth layer offers it at once; the rest of `store.identity` (identity-api.ts)
 * loads on first use.
 */

const LOGOUT_PATH = '/_api/iam/authentication/v1/logout';

/**
 * The address of `GET /_api/iam/authentication/v1/logout` on `apiOrigin`: it ends the platform's
 * session and returns to `postLogoutRedirectUri`.
 */
export function identityLogoutUrl(
  apiOrigin: string,
  clientId: string,
  params: { postLogoutRedirectUri?: string; clientId?: string } = {},
): string {
  const url = new URL(LOGOUT_PATH, apiOrigin);
  if (params.postLogoutRedirectUri !== undefined) {
    url.searchParams.set('postLogoutRedirectUri', params.postLogoutRedirectUri);
  }
  url.searchParams.set('clientId', params.clientId ?? clientId);
  return url.toString();
}
