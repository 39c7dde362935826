/** The slice of the client's options the auth layer reads, checked and with defaults. */
import type { Tokens } from '../models/tokens.js';
import type { RandomSource } from './hosted-login/pkce.js';
import type { TokenStorage } from './storage/types.js';
import type { SessionEndpoint } from './tokens/session-grants.js';

/** What `store.auth` and the sign-in flows read. */
export interface AuthOptions {
  clientId: string;
  /** The API host's origin: where the platform's logout page is. */
  apiOrigin: string;
  /** Tokens to start with (checked when the client is built). */
  tokens: Tokens | undefined;
  storage: TokenStorage;
  now: () => number;
  random: RandomSource;
  /** Share sign-in, sign-out and renewals with other tabs. */
  tabSync: boolean;
  /** Longest wait for the renewal lock another tab holds, in ms. */
  lockTimeout: number;
  /** A merchant API key that authorizes every call instead of tokens. */
  apiKey: string | undefined;
  /** The shop server's session, when it lives there (no refresh token here). */
  session: SessionEndpoint | undefined;
  captchaSiteKeys: { visible: string; invisible: string };
  /** The registered return address of the silent login. */
  redirectUri: string | undefined;
  /** Origins the hosted login page may be loaded from. */
  loginPageOrigins: string[];
  /** For the silent login's redirect request outside browsers: its fetch and time limit. */
  fetch: typeof fetch;
  timeout: number;
}
