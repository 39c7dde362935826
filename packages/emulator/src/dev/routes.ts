/**
 * Developer endpoints under `/_emulator/`: outbox, reset, state dump, fault injection, identity
 * modes, member approval, orders, grant counts and the webhook key. Each checks its input, calls
 * the developer service (service.ts) or the fault registry, and answers. No token needed; the
 * emulator answers only its own host names, and request-guard.ts keeps other sites out.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { fieldError, notFound } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import { email, emptyBody, parseOrThrow } from '../http/schema.js';
import { jsonBody } from '../http/validate.js';
import type { MailFilter, MailKind } from '../models/mail.js';
import { faultBody, idpConnectionBody, modesBody } from './inputs.js';
import {
  approveMember,
  clearOutbox,
  currentModes,
  dumpState,
  listMembers,
  listOrders,
  requirePasswordReset,
  setModes,
} from './service.js';

const BASE = '/_emulator';

/** The outbox's filter from the query: a recipient's email and a kind, both optional. */
function outboxFilter(): MiddlewareHandler<AppEnv, string, { out: { query: MailFilter } }> {
  return async (c, next) => {
    const to = c.req.query('to');
    const kind = c.req.query('kind');
    if (to !== undefined) parseOrThrow(email(), to, 'to');
    if (kind !== undefined && !['verification', 'recovery', 'activation'].includes(kind))
      throw fieldError(
        'kind',
        'must be verification, recovery or activation',
        'INVALID_ENUM_VALUE',
      );
    const filter: MailFilter = {
      ...(to !== undefined ? { to } : {}),
      ...(kind !== undefined ? { kind: kind as MailKind } : {}),
    };
    c.req.addValidatedData('query', filter);
    await next();
  };
}

/** `/_emulator`, the outbox, reset and the state dump. */
function stateRoutes(ctx: EmulatorContext, app: Hono<AppEnv>, reset: () => Promise<void>): void {
  app.get(BASE, (c) =>
    c.json({
      name: '@vitrine/emulator',
      url: ctx.baseUrl,
      clients: ctx.options.clients,
      endpoints: [
        'outbox',
        'reset',
        'state',
        'faults',
        'modes',
        'idp-connections',
        'members',
        'orders',
        'stats',
        'webhooks/public-key',
        'webhooks/deliveries',
      ].map((p) => `${ctx.baseUrl}${BASE}/${p}`),
    }),
  );

  app.get(`${BASE}/outbox`, acceptsQuery('to', 'kind'), outboxFilter(), (c) =>
    c.json({ messages: ctx.outbox.list(c.req.valid('query')) }),
  );
  app.delete(`${BASE}/outbox`, async (c) => {
    await clearOutbox(ctx);
    return c.json({});
  });

  app.post(`${BASE}/reset`, jsonBody(emptyBody), async (c) => {
    await reset();
    return c.json({});
  });

  app.get(`${BASE}/state`, (c) => c.json(dumpState(ctx)));
}

/** Fault injection. */
function faultRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  app.get(`${BASE}/faults`, (c) => c.json({ faults: ctx.faults.list() }));
  app.post(`${BASE}/faults`, jsonBody(faultBody), (c) =>
    c.json({ fault: ctx.faults.add(c.req.valid('json')) }),
  );
  app.delete(`${BASE}/faults`, (c) => {
    ctx.faults.clear();
    return c.json({});
  });
  app.delete(`${BASE}/faults/:id`, (c) => {
    if (!ctx.faults.remove(c.req.param('id'))) throw notFound('No fault has this id');
    return c.json({});
  });
}

/** Identity-provider connections, identity modes and members. */
function identityRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  // Registers an identity-provider connection for login-with-token-params (identity/idp.ts). The
  // answer names the connection only: the secret is never sent back.
  app.post(`${BASE}/idp-connections`, jsonBody(idpConnectionBody), (c) => {
    const connection = c.req.valid('json');
    try {
      ctx.idp.add(connection);
    } catch (error) {
      throw fieldError('idpConnectionId', (error as Error).message, 'MAX_SIZE');
    }
    return c.json({ idpConnectionId: connection.idpConnectionId });
  });

  app.get(`${BASE}/modes`, (c) => c.json({ modes: currentModes(ctx) }));
  app.post(`${BASE}/modes`, jsonBody(modesBody), async (c) =>
    c.json({ modes: await setModes(ctx, c.req.valid('json')) }),
  );

  app.get(`${BASE}/members`, (c) => c.json({ members: listMembers(ctx) }));
  for (const [action, change] of [
    ['approve', approveMember],
    ['require-password-reset', requirePasswordReset],
  ] as const) {
    app.post(`${BASE}/members/:id/${action}`, jsonBody(emptyBody), async (c) => {
      if (!(await change(ctx, c.req.param('id')))) throw notFound('No member has this id or email');
      return c.json({});
    });
  }
}

/** Grant counts, orders and webhooks. */
function recordRoutes(ctx: EmulatorContext, app: Hono<AppEnv>): void {
  app.get(`${BASE}/stats`, (c) => c.json({ grants: { ...ctx.grants } }));
  app.get(`${BASE}/orders`, (c) => c.json({ orders: listOrders(ctx) }));
  app.get(`${BASE}/webhooks/public-key`, async (c) => c.text(await ctx.webhooks.publicKeyPem()));
  app.get(`${BASE}/webhooks/deliveries`, (c) => c.json({ deliveries: ctx.webhooks.deliveries() }));
}

/** The developer routes. */
export function devRoutes(ctx: EmulatorContext, reset: () => Promise<void>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  stateRoutes(ctx, app, reset);
  faultRoutes(ctx, app);
  identityRoutes(ctx, app);
  recordRoutes(ctx, app);
  return app;
}
