import { httpUrl } from '../../internal/http-url.js';
import {
  MIN_VERIFIER_LENGTH,
  createCodeChallenge,
  createCodeVerifier,
  randomString,
  type RandomSource,
} from './pkce.js';

/** Length of the random OAuth `state`. */
export const STATE_LENGTH = 43;

/**
 * What one hosted-login round trip needs: where to return, the PKCE pair and the
 * `state` that ties the answer to the request. Keep it until the return; it is single use.
 */
export interface OAuthData {
  /** The registered redirect URI the hosted page returns to. */
  redirectUri: string;
  /** Where to send the shopper after the return (a same-origin path). */
  originalUri: string;
  /** The PKCE secret. Never log it. */
  codeVerifier: string;
  /** S256 of the verifier, sent to the hosted page. */
  codeChallenge: string;
  /** Random, compared with the returned `state`. */
  state: string;
}

/**
 * New OAuth data: a 43-character verifier and state from the random source, and the S256
 * challenge.
 *
 * @throws {StoreArgumentError} when `redirectUri` is not an absolute http(s) URL.
 * @throws {StoreAuthError} `NO_CRYPTO` when no random source is available.
 */
export function createOAuthData(
  redirectUri: string,
  originalUri: string | undefined,
  random: RandomSource,
): OAuthData {
  checkRedirectUri(redirectUri);
  const codeVerifier = createCodeVerifier(MIN_VERIFIER_LENGTH, random);
  return {
    redirectUri,
    originalUri: originalUri ?? '',
    codeVerifier,
    codeChallenge: createCodeChallenge(codeVerifier),
    state: randomString(STATE_LENGTH, random),
  };
}

/** @throws {StoreArgumentError} when `redirectUri` is not an absolute http(s) URL. */
export function checkRedirectUri(redirectUri: unknown, argument = 'redirectUri'): string {
  httpUrl(argument, redirectUri);
  return redirectUri as string;
}
