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
import {
  bool,
  email,
  emptyBody,
  int,
  obj,
  oneOf,
  optional,
  parseOrThrow,
  str,
} from '../http/schema.js';
import { jsonBody } from '../http/validate.js';
import type { MailFilter, MailKind } from '../models/mail.js';
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

const faultBody = obj({
  path: str({ min: 1, max: 500, pattern: /^\//, format: 'a path starting with /' }),
  method: optional(oneOf(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])),
  latencyMs: optional(int({ min: 0, max: 30_000 })),
  status: optional(int({ min: 401, max: 503 })),
  retryAfterSeconds: optional(int({ min: 0, max: 86_400 })),
  times: optional(int({ min: 1, max: 1_000_000 })),
});

const idpConnectionBody = obj({
  idpConnectionId: str({
    min: 1,
    max: 100,
    pattern: /^[A-Za-z0-9_-]+$/,
    format: 'letters, digits, - or _',
  }),
  secret: str({ min: 32, max: 512 }),
});

const modesBody = obj({
  emailVerification: optional(bool()),
  ownerApproval: optional(bool()),
  captchaRequired: optional(bool()),
});

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

/** The developer routes. */
export function devRoutes(ctx: EmulatorContext, reset: () => Promise<void>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = '/_emulator';

  app.get(base, (c) =>
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
      ].map((p) => `${ctx.baseUrl}${base}/${p}`),
    }),
  );

  app.get(`${base}/outbox`, acceptsQuery('to', 'kind'), outboxFilter(), (c) =>
    c.json({ messages: ctx.outbox.list(c.req.valid('query')) }),
  );
  app.delete(`${base}/outbox`, async (c) => {
    await clearOutbox(ctx);
    return c.json({});
  });

  app.post(`${base}/reset`, jsonBody(emptyBody), async (c) => {
    await reset();
    return c.json({});
  });

  app.get(`${base}/state`, (c) => c.json(dumpState(ctx)));

  app.get(`${base}/faults`, (c) => c.json({ faults: ctx.faults.list() }));
  app.post(`${base}/faults`, jsonBody(faultBody), (c) => {
    const body = c.req.valid('json');
    if (body.status !== undefined && ![401, 429, 503].includes(body.status))
      throw fieldError('status', 'must be 401, 429 or 503', 'INVALID_ENUM_VALUE');
    const { status, ...rest } = body;
    const fault = ctx.faults.add({
      ...rest,
      ...(status !== undefined ? { status: status as 401 | 429 | 503 } : {}),
    });
    return c.json({ fault });
  });
  app.delete(`${base}/faults`, (c) => {
    ctx.faults.clear();
    return c.json({});
  });
  app.delete(`${base}/faults/:id`, (c) => {
    if (!ctx.faults.remove(c.req.param('id'))) throw notFound('No fault has this id');
    return c.json({});
  });

  // Registers an identity-provider connection for login-with-token-params (identity/idp.ts). The
  // answer names the connection only: the secret is never sent back.
  app.post(`${base}/idp-connections`, jsonBody(idpConnectionBody), (c) => {
    const connection = c.req.valid('json');
    try {
      ctx.idp.add(connection);
    } catch (error) {
      throw fieldError('idpConnectionId', (error as Error).message, 'MAX_SIZE');
    }
    return c.json({ idpConnectionId: connection.idpConnectionId });
  });

  app.get(`${base}/modes`, (c) => c.json({ modes: currentModes(ctx) }));
  app.post(`${base}/modes`, jsonBody(modesBody), async (c) =>
    c.json({ modes: await setModes(ctx, c.req.valid('json')) }),
  );

  app.get(`${base}/members`, (c) => c.json({ members: listMembers(ctx) }));
  for (const [action, change] of [
    ['approve', approveMember],
    ['require-password-reset', requirePasswordReset],
  ] as const) {
    app.post(`${base}/members/:id/${action}`, jsonBody(emptyBody), async (c) => {
      if (!(await change(ctx, c.req.param('id')))) throw notFound('No member has this id or email');
      return c.json({});
    });
  }

  app.get(`${base}/stats`, (c) => c.json({ grants: { ...ctx.grants } }));

  app.get(`${base}/orders`, (c) => c.json({ orders: listOrders(ctx) }));

  app.get(`${base}/webhooks/public-key`, async (c) => c.text(await ctx.webhooks.publicKeyPem()));
  app.get(`${base}/webhooks/deliveries`, (c) => c.json({ deliveries: ctx.webhooks.deliveries() }));

  return app;
}
