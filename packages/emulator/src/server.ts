/**
 * `startEmulator`: builds the state, the app and an HTTP server on loopback, and returns the
 * handle tests and the CLI use.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './http/app-env.js';
import { createApp } from './app.js';
import { loadSeed } from './catalog/seed-file.js';
import type { EmulatorContext } from './context.js';
import {
  approveMember,
  dumpState,
  listOrders,
  requirePasswordReset,
  setModes,
} from './dev/service.js';
import type { FaultInput, FaultRule } from './models/faults.js';
import { createFaultRegistry } from './http/faults.js';
import type { Outbox } from './models/mail.js';
import { createOutbox } from './dev/mail.js';
import { IdpConnections } from './identity/idp.js';
import type { IdentityModes } from './models/identity.js';
import type { EmulatorOptions } from './options.js';
import type { ResolvedOptions } from './context.js';
import { resolveOptions } from './options.js';
import type { GrantCounts } from './models/grants.js';
import { noGrants } from './models/grants.js';
import { forgetRotations } from './oauth/rotation.js';
import type { DropIn } from './drop-in/start.js';
import { startDropIn } from './drop-in/start.js';
import { closeServer, guardServer, listen } from './http/listen.js';
import { HEAD_PARSE_LIMIT } from './http/request-limits.js';
import { discardRest } from './http/request-body.js';
import { answerAdapterError } from './http/server-errors.js';
import type { OrderRecord } from './models/cart.js';
import { createState, StateStore } from './state/store.js';
import type { WebhookDelivery } from './models/events.js';
import type { WebhookPublisher } from './webhooks/publisher.js';
import { createWebhookPublisher } from './webhooks/publisher.js';

/** A running emulator. */
export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:4010`: point a client's `baseUrl` here. */
  readonly url: string;
  /**
   * The drop-in, when started with `dropIn`: where it listens and what to set so an app written
   * on the platform's official client reaches the emulator (`nodeOptions`, `chromiumArgs`).
   */
  readonly dropIn: DropIn | undefined;
  /** The first registered client id (`vitrine-local-client` by default). */
  readonly clientId: string;
  /** The API key the `authorized_client` grant accepts. */
  readonly apiKey: string;
  /** The first client's registered redirect URIs. */
  readonly redirectUris: readonly string[];
  /** Mail the emulator sent (verification codes, recovery links). */
  readonly outbox: Outbox;
  /** Stops listening, closes open connections and waits for pending writes and webhooks. */
  close(): Promise<void>;
  /** Restores the seeded state: catalog, no carts, members, tokens or mail; grant counts to 0. */
  reset(): Promise<void>;
  /** Switches identity modes; returns the modes in force. */
  setModes(modes: Partial<IdentityModes>): Promise<IdentityModes>;
  /** Injects a fault (latency, 401, 429, 503) on a path. */
  injectFault(fault: FaultInput): FaultRule;
  /** Removes every injected fault. */
  clearFaults(): void;
  /** The owner approves a member (by id or email); `false` if unknown. */
  approveMember(idOrEmail: string): Promise<boolean>;
  /** Makes a member's next login answer -19973 until a reset; `false` if unknown. */
  requirePasswordReset(idOrEmail: string): Promise<boolean>;
  /** The state without secrets (what `GET /_emulator/state` answers). */
  dumpState(): Record<string, unknown>;
  /** Orders placed on the hosted checkout page. */
  orders(): OrderRecord[];
  /** PEM public key that verifies webhook JWTs. */
  webhookPublicKey(): Promise<string>;
  /** Outcomes of the last 100 webhook deliveries. */
  webhookDeliveries(): WebhookDelivery[];
  /**
   * Successful token grants by type since start or the last `reset()` (also at
   * `GET /_emulator/stats`).
   * @example expect(emulator.grants().anonymous).toBe(1); // a new visitor costs one grant
   */
  grants(): GrantCounts;
}

/** Each running emulator's routes, for tests that must cover every one (not exported by index). */
const routeTables = new WeakMap<Emulator, readonly { method: string; path: string }[]>();

/** The routes of a running emulator: method and path pattern (`/stores/v1/products/:id`). */
export function routesOf(emulator: Emulator): readonly { method: string; path: string }[] {
  return routeTables.get(emulator) ?? [];
}

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The state store and the webhook publisher its committed changes' events go to. */
async function openState(resolved: ResolvedOptions, modes: EmulatorOptions['modes']) {
  const seed = loadSeed(resolved.seed);
  const store = new StateStore(
    () => createState(seed, resolved.modes, resolved.catalog),
    resolved.data,
    // Committed changes' events go to the webhook publisher, made next (its key lives in this store).
    (event) => webhooks.emit(event),
  );
  const webhooks = createWebhookPublisher({
    store,
    url: resolved.webhookUrl,
    instanceId: resolved.instanceId,
    nowIso: () => new Date(resolved.now()).toISOString(),
  });
  const kept = store.state.catalog ?? 'v1';
  if (kept !== resolved.catalog) {
    // A site runs one catalog; serving one catalog's records as the other's would mislead.
    throw new Error(
      `${resolved.data} holds a Catalog ${kept.toUpperCase()} store: start with catalog '${kept}' (--catalog ${kept}), or use another data file for a Catalog ${resolved.catalog.toUpperCase()} store`,
    );
  }
  // Modes given at start win over those of a data file.
  if (modes) {
    await store.transaction(({ state }) => {
      state.modes = { ...state.modes, ...modes };
    });
  }
  return { store, webhooks };
}

/** What every route and service is built with (its URL is known once the server listens). */
function createContext(
  resolved: ResolvedOptions,
  store: StateStore,
  webhooks: WebhookPublisher,
): EmulatorContext {
  return {
    options: resolved,
    store,
    outbox: createOutbox(
      () => store.state.mail,
      () => {
        // Cleared at once; a failed write is made good by the next change's, which writes it all.
        store
          .transaction(({ state }) => {
            state.mail = [];
          })
          .catch(() => undefined);
      },
    ),
    faults: createFaultRegistry(),
    idp: new IdpConnections(resolved.idpConnections),
    webhooks,
    grants: noGrants(),
    baseUrl: '',
    now: resolved.now,
    nowIso: () => new Date(resolved.now()).toISOString(),
  };
}

/** Node's request listener for the app; `env` marks the listener's requests (the drop-in's). */
function requestListenerOf(app: Hono<AppEnv>) {
  return (env: { dropIn?: boolean }): RequestListener => {
    const listener = getRequestListener(
      (request, bindings) => app.fetch(request, { ...bindings, ...env }),
      {
        errorHandler: () => answerAdapterError(),
        // Hono drops an unread body for 500 ms, then closes: a sender still writing reads a reset
        // instead of the answer. The rest is dropped here instead, bounded (request-body.ts).
        autoCleanupIncoming: false,
      },
    );
    return (request: IncomingMessage, response: ServerResponse) => {
      response.once('finish', () => discardRest(request));
      void listener(request, response);
    };
  };
}

/** The HTTP server on `host:port` and, when asked, the drop-in's TLS listener. */
async function listenAll(
  listenerOf: (env: { dropIn?: boolean }) => RequestListener,
  resolved: ResolvedOptions,
) {
  // Heads up to this size reach the app, which answers an oversized one in the platform's shape.
  const server = createServer({ maxHeaderSize: HEAD_PARSE_LIMIT }, listenerOf({}));
  guardServer(server);
  const port = await listen(server, resolved.port, resolved.host);
  let dropIn: Awaited<ReturnType<typeof startDropIn>> | undefined;
  if (resolved.dropIn) {
    try {
      dropIn = await startDropIn(listenerOf({ dropIn: true }), resolved.dropIn);
    } catch (error) {
      await closeServer(server);
      throw error;
    }
  }
  return { server, port, dropIn };
}

/** The handle `startEmulator` answers, over a running emulator's parts. */
function handleOf(
  ctx: EmulatorContext,
  store: StateStore,
  listening: Awaited<ReturnType<typeof listenAll>>,
  reset: () => Promise<void>,
): Emulator {
  const { server, dropIn } = listening;
  const client = ctx.options.clients[0]!;
  let closing: Promise<void> | undefined;
  return {
    url: ctx.baseUrl,
    dropIn: dropIn?.dropIn,
    clientId: client.clientId,
    apiKey: ctx.options.apiKey,
    redirectUris: client.redirectUris,
    outbox: ctx.outbox,
    close() {
      closing ??= Promise.all([closeServer(server), dropIn?.close()]).then(async () => {
        await ctx.webhooks.idle();
        await store.flush();
      });
      return closing;
    },
    reset,
    setModes: (modes) => setModes(ctx, modes),
    injectFault: (fault) => ctx.faults.add(fault),
    clearFaults: () => ctx.faults.clear(),
    approveMember: (idOrEmail) => approveMember(ctx, idOrEmail),
    requirePasswordReset: (idOrEmail) => requirePasswordReset(ctx, idOrEmail),
    dumpState: () => dumpState(ctx),
    orders: () => listOrders(ctx),
    webhookPublicKey: () => ctx.webhooks.publicKeyPem(),
    webhookDeliveries: () => ctx.webhooks.deliveries(),
    grants: () => ({ ...ctx.grants }),
  };
}

/**
 * Starts an emulator.
 * @example
 * const emulator = await startEmulator({ port: 0 });
 * const store = createStoreClient({ clientId: emulator.clientId, baseUrl: emulator.url });
 * await emulator.close();
 * @throws {Error} when the port is taken, or the data or seed file is unreadable;
 *   {DropInError} when the drop-in's directory or key cannot be trusted.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const resolved = resolveOptions(options);
  const { store, webhooks } = await openState(resolved, options.modes);
  const ctx = createContext(resolved, store, webhooks);
  const reset = async () => {
    ctx.grants = noGrants();
    forgetRotations(ctx);
    await store.reset();
  };
  const app = createApp(ctx, reset);
  const listening = await listenAll(requestListenerOf(app), resolved);
  ctx.baseUrl = `http://${hostForUrl(resolved.host)}:${listening.port}`;
  const emulator = handleOf(ctx, store, listening, reset);
  const routes = new Map<string, { method: string; path: string }>();
  for (const r of app.routes)
    if (r.method !== 'ALL') routes.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  routeTables.set(emulator, [...routes.values()]);
  return emulator;
}
