import { defineEnum, type EnumValue } from './enum.js';

/** What the hosted login page does (`login` by default). */
export const Prompt = /* @__PURE__ */ defineEnum(['login', 'none', 'consent', 'select_account']);
export type Prompt = EnumValue<typeof Prompt>;

/** How the hosted login page hands back the code (`fragment` by default). */
export const ResponseMode = /* @__PURE__ */ defineEnum(['query', 'fragment', 'web_message']);
export type ResponseMode = EnumValue<typeof ResponseMode>;

/** Kind of place a redirect leads to. */
export const RedirectLocationType = /* @__PURE__ */ defineEnum([
  'UNDEFINED',
  'OWNER_BUSINESS',
  'OWNER_CUSTOM',
  'CUSTOM',
]);
export type RedirectLocationType = EnumValue<typeof RedirectLocationType>;

/** A section of the hosted members account. */
export const MembersAccountSection = /* @__PURE__ */ defineEnum([
  'ACCOUNT_INFO',
  'BOOKINGS',
  'ORDERS',
  'SUBSCRIPTIONS',
  'EVENTS',
]);
export type MembersAccountSection = EnumValue<typeof MembersAccountSection>;

/** The flow a redirect callback ends. */
export const CallbackType = /* @__PURE__ */ defineEnum([
  'UNKNOWN',
  'LOGOUT',
  'CHECKOUT',
  'AUTHORIZE',
]);
export type CallbackType = EnumValue<typeof CallbackType>;

/** The OAuth request of an `auth` redirect session. */
export interface AuthRequest {
  redirectUri: string;
  clientId: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  responseMode: ResponseMode;
  responseType: 'code';
  scope: 'offline_access';
  state: string;
  /** Signs the member in without a form (silent login). A secret, single use. */
  sessionToken?: string;
}

/** Where the hosted pages return, per flow. */
export interface RedirectCallbacks {
  postFlowUrl?: string;
  thankYouPageUrl?: string;
  bookingsServiceListUrl?: string;
  cartPageUrl?: string;
  planListUrl?: string;
  loginUrl?: string;
}

/** Body of `POST /_api/redirects-api/v1/redirect-session`: one flow section, plus options. */
export interface RedirectSessionRequest {
  bookingsCheckout?: { timezone?: string; slotAvailability?: Record<string, unknown> };
  ecomCheckout?: { checkoutId: string };
  eventsCheckout?: { reservationId: string; eventSlug: string };
  paidPlansCheckout?: { planId: string; checkoutData?: string };
  login?: Record<string, never>;
  logout?: { clientId: string };
  auth?: { authRequest: AuthRequest; prompt?: Prompt };
  storesProduct?: { productSlug: string };
  bookingsBook?: { resourceId?: string };
  membersAccount?: { section?: MembersAccountSection };
  callbacks?: RedirectCallbacks;
  preferences?: {
    useGenericWixPages?: boolean;
    maintainIdentity?: boolean;
    additionalQueryParameters?: Record<string, string>;
  };
}

/** A redirect session: send the browser to `fullUrl`. */
export interface RedirectSession {
  id?: string;
  /** The hosted page, with every parameter. */
  fullUrl: string;
  urlDetails?: { endpoint?: string; searchParams?: Record<string, string> };
  sessionToken?: string;
}

/** Answer of `store.redirects.createSession`. */
export interface RedirectSessionResponse {
  redirectSession: RedirectSession;
}
