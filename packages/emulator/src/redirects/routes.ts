/**
 * `POST /_api/redirects-api/v1/redirect-session`: checks a hosted flow's request up front
 * (registered client, exact redirect URI, PKCE S256) and answers the page URL to send the
 * browser to. The request is kept server-side; the URL carries only the session id, so no
 * session token or challenge ever travels in an address.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { callerOf, requireCaller } from '../http/auth.js';
import { readBody } from '../http/body.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, notFound, validationError } from '../http/errors.js';
import { json, obj, oneOf, optional, str } from '../http/schema.js';
import { findClient, isRegisteredUri } from '../oauth/clients.js';
import { CHALLENGE_PATTERN } from '../oauth/pkce.js';
import { hashSecret, randomId } from '../oauth/secrets.js';
import { revokeFamily } from '../oauth/tokens.js';
import { ownerKeyOf } from '../cart/owner.js';
import type { RedirectSessionRecord, ResponseMode, WireRedirectSession } from './model.js';

/** A redirect session can be used for 10 minutes. */
export const REDIRECT_SESSION_TTL_MS = 10 * 60 * 1000;

const PROMPTS = ['login', 'none', 'consent', 'select_account'] as const;
const UNSUPPORTED = [
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'bookingsBook',
  'login',
] as const;

const sessionBody = obj({
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

/** The page path of each kind of session. */
export function pagePath(kind: RedirectSessionRecord['kind']): string {
  switch (kind) {
    case 'auth':
      return '/oauth2/authorize';
    case 'logout':
      return '/oauth2/logout';
    case 'ecomCheckout':
      return '/checkout';
    case 'storesProduct':
      return '/product-page/redirect';
    case 'unsupported':
      return '/flow';
  }
}

/** The redirect-session route. */
export function redirectRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const path = '/_api/redirects-api/v1/redirect-session';
  app.use(path, requireCaller());
  app.post(path, async (c) => {
    const body = await readBody(c, sessionBody);
    const caller = callerOf(c);
    const sections = (
      ['auth', 'logout', 'ecomCheckout', 'storesProduct', ...UNSUPPORTED] as const
    ).filter((k) => body[k] !== undefined);
    if (sections.length !== 1)
      throw fieldError(
        'body',
        'must hold exactly one flow (auth, logout, ecomCheckout, …)',
        'ONE_OF_ALIGNMENT',
      );
    const section = sections[0]!;
    const now = ctx.now();
    const session: RedirectSessionRecord = {
      id: randomId(),
      kind: 'unsupported',
      section,
      createdAt: now,
      expiresAt: now + REDIRECT_SESSION_TTL_MS,
      used: false,
    };
    const clientId =
      body.logout?.clientId ??
      body.auth?.authRequest.clientId ??
      (caller.role === 'app' ? ctx.options.clients[0]!.clientId : caller.clientId);
    const client = findClient(ctx, clientId);
    const postFlowUrl = body.callbacks?.postFlowUrl;
    if (postFlowUrl !== undefined) {
      if (!client || !isRegisteredUri(client, postFlowUrl))
        throw fieldError(
          'callbacks.postFlowUrl',
          'is not a registered redirect URI of the client',
          'VALIDATION',
        );
      session.postFlowUrl = postFlowUrl;
    }
    const thankYouPageUrl = body.callbacks?.thankYouPageUrl;
    if (thankYouPageUrl !== undefined) {
      if (!client || !isRegisteredUri(client, thankYouPageUrl))
        throw fieldError(
          'callbacks.thankYouPageUrl',
          'is not a registered redirect URI of the client',
          'VALIDATION',
        );
      session.thankYouPageUrl = thankYouPageUrl;
    }

    if (body.auth) {
      const request = body.auth.authRequest;
      const v: FieldViolation[] = [];
      const at = (f: string) => `auth.authRequest.${f}`;
      if (!client)
        v.push({
          field: at('clientId'),
          description: 'is not a registered client',
          violatedRule: 'VALIDATION',
        });
      else if (!isRegisteredUri(client, request.redirectUri))
        v.push({
          field: at('redirectUri'),
          description: 'is not a registered redirect URI of the client',
          violatedRule: 'VALIDATION',
        });
      if (request.responseType !== 'code')
        v.push({
          field: at('responseType'),
          description: 'must be code',
          violatedRule: 'INVALID_ENUM_VALUE',
        });
      if (request.codeChallengeMethod !== 'S256')
        v.push({
          field: at('codeChallengeMethod'),
          description: 'must be S256 (plain is not accepted)',
          violatedRule: 'INVALID_ENUM_VALUE',
        });
      if (!CHALLENGE_PATTERN.test(request.codeChallenge))
        v.push({
          field: at('codeChallenge'),
          description: 'must be a base64url SHA-256 (43 characters)',
          violatedRule: 'FORMAT',
        });
      const mode = request.responseMode ?? 'fragment';
      if (!['query', 'fragment', 'web_message'].includes(mode))
        v.push({
          field: at('responseMode'),
          description: 'must be one of query, fragment, web_message',
          violatedRule: 'INVALID_ENUM_VALUE',
        });
      if (request.scope !== undefined && !request.scope.split(' ').includes('offline_access'))
        v.push({
          field: at('scope'),
          description: 'must include offline_access',
          violatedRule: 'VALIDATION',
        });
      if (v.length > 0) throw validationError(v);
      session.kind = 'auth';
      session.auth = {
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        responseMode: mode as ResponseMode,
        state: request.state,
        prompt: body.auth.prompt ?? body.prompt ?? 'login',
        ...(request.sessionToken !== undefined
          ? { sessionTokenHash: hashSecret(request.sessionToken) }
          : {}),
      };
    } else if (body.logout) {
      if (!client) throw fieldError('logout.clientId', 'is not a registered client', 'VALIDATION');
      session.kind = 'logout';
      // The page is a navigation without the token, so the session ends here.
      if (caller.role !== 'app') revokeFamily(ctx, caller.familyId);
    } else if (body.ecomCheckout) {
      const checkout = Object.hasOwn(ctx.store.state.checkouts, body.ecomCheckout.checkoutId)
        ? ctx.store.state.checkouts[body.ecomCheckout.checkoutId]
        : undefined;
      // An API key has no cart, so no checkout of its own.
      const owner = caller.role === 'app' ? undefined : ownerKeyOf(caller);
      if (!checkout || checkout.ownerKey !== owner)
        throw notFound('No checkout of this identity has this id');
      session.kind = 'ecomCheckout';
      session.checkoutId = checkout.id;
    } else if (body.storesProduct) {
      session.kind = 'storesProduct';
      session.productSlug = body.storesProduct.productSlug;
    }
    ctx.store.state.redirectSessions[session.id] = session;
    await ctx.store.commit();
    const endpoint =
      session.kind === 'storesProduct'
        ? `${ctx.baseUrl}/product-page/${encodeURIComponent(session.productSlug ?? '')}`
        : `${ctx.baseUrl}${pagePath(session.kind)}`;
    const searchParams = { redirectSessionId: session.id };
    const redirectSession: WireRedirectSession = {
      id: session.id,
      fullUrl: `${endpoint}?${new URLSearchParams(searchParams).toString()}`,
      urlDetails: { endpoint, searchParams },
    };
    return c.json({ redirectSession });
  });
  return app;
}
