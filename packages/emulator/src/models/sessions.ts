/** Redirect sessions: a hosted page's one-time ticket, created by `POST …/redirect-session`. */

export type ResponseMode = 'query' | 'fragment' | 'web_message';
export type Prompt = 'login' | 'none' | 'consent' | 'select_account';

/** The OAuth request of an `auth` session, checked when the session is created. */
export interface AuthRequestRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  responseMode: ResponseMode;
  state: string;
  prompt: Prompt;
  /** SHA-256 of the session token given for `prompt=none`. */
  sessionTokenHash?: string;
}

export interface RedirectSessionRecord {
  id: string;
  kind: 'auth' | 'logout' | 'ecomCheckout' | 'storesProduct' | 'unsupported';
  /** The request section, for `unsupported` ones (e.g. `bookingsCheckout`). */
  section: string;
  createdAt: number;
  expiresAt: number;
  used: boolean;
  auth?: AuthRequestRecord;
  postFlowUrl?: string;
  /** Where a completed checkout returns, with `orderId` appended; checked like `postFlowUrl`. */
  thankYouPageUrl?: string;
  checkoutId?: string;
  productSlug?: string;
}

/** The answer of `POST /_api/redirects-api/v1/redirect-session`. */
export interface WireRedirectSession {
  id: string;
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
}
