/**
 * Redirect sessions: a hosted flow's request is checked up front (registered client, exact
 * redirect URI, PKCE S256) and kept server-side; the page URL answered carries only the session
 * id, so no session token or challenge ever travels in an address.
 */
import type { Caller } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import type { EmulatorClient } from '../context.js';
import type { FieldViolation } from '../http/errors.js';
import { fieldError, notFound, validationError } from '../http/errors.js';
import type { Infer } from '../http/schema.js';
import { findClient, isRegisteredUri } from '../oauth/clients.js';
import { CHALLENGE_PATTERN } from '../oauth/pkce.js';
import { randomId } from '../crypto/random.js';
import { hashSecret } from '../crypto/hash.js';
import { revokeFamily } from '../oauth/tokens.js';
import { ownerKeyOf } from '../cart/owner.js';
import { cartById } from '../cart/records.js';
import type { Transaction } from '../models/state.js';
import type { sessionBody } from './inputs.js';
import { UNSUPPORTED } from './inputs.js';
import type {
  AuthRequestRecord,
  RedirectSessionRecord,
  ResponseMode,
  WireRedirectSession,
} from '../models/sessions.js';

/** A redirect session can be used for 10 minutes. */
export const REDIRECT_SESSION_TTL_MS = 10 * 60 * 1000;

type SessionBody = Infer<typeof sessionBody>;
type AuthSection = NonNullable<SessionBody['auth']>;

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

/** Checks the callback URLs against the client and keeps them on the session. */
function keepCallbacks(
  session: RedirectSessionRecord,
  client: EmulatorClient | undefined,
  callbacks: SessionBody['callbacks'],
): void {
  for (const name of ['postFlowUrl', 'thankYouPageUrl'] as const) {
    const url = callbacks?.[name];
    if (url === undefined) continue;
    if (!client || !isRegisteredUri(client, url))
      throw fieldError(
        `callbacks.${name}`,
        'is not a registered redirect URI of the client',
        'VALIDATION',
      );
    session[name] = url;
  }
}

/** The checked authorization request of an `auth` flow. @throws {ApiError} 400 naming each fault. */
function authRequestOf(
  client: EmulatorClient | undefined,
  section: AuthSection,
  prompt: SessionBody['prompt'],
): AuthRequestRecord {
  const request = section.authRequest;
  const v: FieldViolation[] = [];
  const refuse = (f: string, description: string, violatedRule: FieldViolation['violatedRule']) =>
    v.push({ field: `auth.authRequest.${f}`, description, violatedRule });
  if (!client) refuse('clientId', 'is not a registered client', 'VALIDATION');
  else if (!isRegisteredUri(client, request.redirectUri))
    refuse('redirectUri', 'is not a registered redirect URI of the client', 'VALIDATION');
  if (request.responseType !== 'code') refuse('responseType', 'must be code', 'INVALID_ENUM_VALUE');
  if (request.codeChallengeMethod !== 'S256')
    refuse('codeChallengeMethod', 'must be S256 (plain is not accepted)', 'INVALID_ENUM_VALUE');
  if (!CHALLENGE_PATTERN.test(request.codeChallenge))
    refuse('codeChallenge', 'must be a base64url SHA-256 (43 characters)', 'FORMAT');
  const mode = request.responseMode ?? 'fragment';
  if (!['query', 'fragment', 'web_message'].includes(mode))
    refuse('responseMode', 'must be one of query, fragment, web_message', 'INVALID_ENUM_VALUE');
  if (request.scope !== undefined && !request.scope.split(' ').includes('offline_access'))
    refuse('scope', 'must include offline_access', 'VALIDATION');
  if (v.length > 0) throw validationError(v);
  return {
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    responseMode: mode as ResponseMode,
    state: request.state,
    prompt: section.prompt ?? prompt ?? 'login',
    ...(request.sessionToken !== undefined
      ? { sessionTokenHash: hashSecret(request.sessionToken) }
      : {}),
  };
}

/**
 * The caller's own checkout with this id: a V1 checkout, or (with Cart V2) a V2 cart not yet
 * ordered, whose id doubles as its checkout id. The API key reaches any V2 cart, as it does
 * through Cart V2 by id.
 * @throws {ApiError} 404 for any other.
 */
function ownCheckoutId(ctx: EmulatorContext, caller: Caller, checkoutId: string): string {
  const checkouts = ctx.store.state.checkouts;
  const checkout = Object.hasOwn(checkouts, checkoutId) ? checkouts[checkoutId] : undefined;
  // An API key has no cart, so no V1 checkout of its own.
  const owner = caller.role === 'app' ? undefined : ownerKeyOf(caller);
  if (checkout && checkout.ownerKey === owner) return checkout.id;
  const cart = !checkout && ctx.options.cartV2 ? cartById(ctx, checkoutId)?.cart : undefined;
  if (cart && cart.orderId === undefined && (owner === undefined || cart.ownerKey === owner))
    return cart.id;
  throw notFound('No checkout of this identity has this id');
}

/** Fills in the session of the one flow the body holds. */
function startFlow(
  ctx: EmulatorContext,
  tx: Transaction,
  caller: Caller,
  session: RedirectSessionRecord,
  client: EmulatorClient | undefined,
  body: SessionBody,
): void {
  if (body.auth) {
    session.auth = authRequestOf(client, body.auth, body.prompt);
    session.kind = 'auth';
  } else if (body.logout) {
    if (!client) throw fieldError('logout.clientId', 'is not a registered client', 'VALIDATION');
    session.kind = 'logout';
    // The page is a navigation without the token, so the session ends here.
    if (caller.role !== 'app') revokeFamily(tx, caller.familyId);
  } else if (body.ecomCheckout) {
    session.checkoutId = ownCheckoutId(ctx, caller, body.ecomCheckout.checkoutId);
    session.kind = 'ecomCheckout';
  } else if (body.storesProduct) {
    session.kind = 'storesProduct';
    session.productSlug = body.storesProduct.productSlug;
  }
}

/**
 * Creates a redirect session for the one flow the body holds.
 * @returns the page URL to send the browser to.
 * @throws {ApiError} 400 when the body holds no flow or several, or the flow's request is
 *   refused; 404 for a checkout that is not the caller's.
 */
export function createRedirectSession(
  ctx: EmulatorContext,
  caller: Caller,
  body: SessionBody,
): Promise<{ redirectSession: WireRedirectSession }> {
  const sections = (
    ['auth', 'logout', 'ecomCheckout', 'storesProduct', ...UNSUPPORTED] as const
  ).filter((k) => body[k] !== undefined);
  if (sections.length !== 1)
    throw fieldError(
      'body',
      'must hold exactly one flow (auth, logout, ecomCheckout, …)',
      'ONE_OF_ALIGNMENT',
    );
  return ctx.store.transaction((tx) => {
    const now = ctx.now();
    const session: RedirectSessionRecord = {
      id: randomId(),
      kind: 'unsupported',
      section: sections[0]!,
      createdAt: now,
      expiresAt: now + REDIRECT_SESSION_TTL_MS,
      used: false,
    };
    const clientId =
      body.logout?.clientId ??
      body.auth?.authRequest.clientId ??
      (caller.role === 'app' ? ctx.options.clients[0]!.clientId : caller.clientId);
    const client = findClient(ctx, clientId);
    keepCallbacks(session, client, body.callbacks);
    startFlow(ctx, tx, caller, session, client, body);
    tx.state.redirectSessions[session.id] = session;
    const endpoint =
      session.kind === 'storesProduct'
        ? `${ctx.baseUrl}/product-page/${encodeURIComponent(session.productSlug ?? '')}`
        : `${ctx.baseUrl}${pagePath(session.kind)}`;
    const searchParams = { redirectSessionId: session.id };
    return {
      redirectSession: {
        id: session.id,
        fullUrl: `${endpoint}?${new URLSearchParams(searchParams).toString()}`,
        urlDetails: { endpoint, searchParams },
      },
    };
  });
}
