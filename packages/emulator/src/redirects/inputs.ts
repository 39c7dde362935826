/** Schema of the redirect-session request body. */
import { json, obj, oneOf, optional, str } from '../http/schema.js';

const PROMPTS = ['login', 'none', 'consent', 'select_account'] as const;
/** Flows the emulator accepts but does not run. */
export const UNSUPPORTED = [
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'bookingsBook',
  'login',
] as const;

/** Body of `POST /_api/redirects-api/v1/redirect-session`: exactly one flow section. */
export const sessionBody = obj({
  auth: optional(
    obj({
      authRequest: obj({
        redirectUri: str({ min: 1, max: 2000 }),
        clientId: str({ min: 1, max: 200 }),
        codeChallenge: str({ min: 1, max: 200 }),
        codeChallengeMethod: str({ min: 1, max: 20 }),
        responseMode: optional(str({ max: 20 })),
        responseType: str({ min: 1, max: 20 }),
        scope: optional(str({ max: 200 })),
        state: str({ min: 1, max: 500 }),
        sessionToken: optional(str({ min: 1, max: 500 })),
      }),
      prompt: optional(oneOf(PROMPTS)),
    }),
  ),
  logout: optional(obj({ clientId: str({ min: 1, max: 200 }) })),
  ecomCheckout: optional(obj({ checkoutId: str({ min: 1, max: 100 }) })),
  storesProduct: optional(obj({ productSlug: str({ min: 1, max: 100 }) })),
  bookingsCheckout: optional(json(4)),
  eventsCheckout: optional(json(4)),
  paidPlansCheckout: optional(json(4)),
  bookingsBook: optional(json(4)),
  login: optional(json(4)),
  callbacks: optional(
    obj({
      postFlowUrl: optional(str({ min: 1, max: 2000 })),
      thankYouPageUrl: optional(str({ min: 1, max: 2000 })),
      cartPageUrl: optional(str({ max: 2000 })),
      loginUrl: optional(str({ max: 2000 })),
      planListUrl: optional(str({ max: 2000 })),
      bookingsServiceListUrl: optional(str({ max: 2000 })),
    }),
  ),
  preferences: optional(json(4)),
  prompt: optional(oneOf(PROMPTS)),
});
