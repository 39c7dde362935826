/**
 * Webhook delivery: each event is a JWT signed RS256 (docs/wire-conventions.md "Webhooks"),
 * POSTed as `text/plain` to the configured URL. The signing key is created on first use, kept in
 * state so receivers stay valid across restarts, and its public half served at
 * `GET /_emulator/webhooks/public-key`. Delivery never blocks or fails the request that caused it;
 * events go out one at a time, in order.
 */
import { createPrivateKey, createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { SignJWT, importPKCS8 } from 'jose';
import type { WebhookDelivery, WebhookEvent, WebhookKeys } from '../models/events.js';
import type { Store } from '../models/state.js';

const generateRsa = promisify(generateKeyPair);

/** The publisher: the keys and deliveries services see, and the store's outlet for events. */
export interface WebhookPublisher extends WebhookKeys {
  /** Signs and sends an event when a webhook URL is set; returns at once. */
  emit(event: WebhookEvent): void;
}

/** Options of {@link createWebhookPublisher}. */
export interface PublisherOptions {
  store: Store;
  url: string | undefined;
  instanceId: string;
  nowIso: () => string;
}

/** A publisher over the store's key. */
export function createWebhookPublisher(options: PublisherOptions): WebhookPublisher {
  const { store, url, instanceId, nowIso } = options;
  const log: WebhookDelivery[] = [];
  // One delivery at a time, in emit order, so receivers see events in the order they happened.
  let queue: Promise<void> = Promise.resolve();
  let creating: Promise<string> | undefined;

  const privatePem = async (): Promise<string> => {
    const existing = store.state.webhookPrivateKey;
    if (existing !== undefined) return existing;
    creating ??= generateRsa('rsa', { modulusLength: 2048 }).then(({ privateKey }) => {
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
      // Kept in state so receivers stay valid across restarts; a key stored meanwhile wins.
      return store.transaction(({ state }) => (state.webhookPrivateKey ??= pem));
    });
    return creating;
  };

  const sign = async (event: WebhookEvent): Promise<string> => {
    const key = await importPKCS8(await privatePem(), 'RS256');
    const envelope = {
      eventType: event.eventType,
      instanceId,
      identity: JSON.stringify(event.identity),
      data: JSON.stringify(event.body),
    };
    return new SignJWT({ data: JSON.stringify(envelope) })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(key);
  };

  const record = (entry: WebhookDelivery) => {
    log.push(entry);
    if (log.length > 100) log.shift();
  };

  const deliver = async (target: string, event: WebhookEvent): Promise<void> => {
    try {
      const jwt = await sign(event);
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: jwt,
        signal: AbortSignal.timeout(5000),
      });
      await response.body?.cancel();
      record({ eventType: event.eventType, status: response.status, at: nowIso() });
    } catch (error) {
      record({
        eventType: event.eventType,
        error: error instanceof Error ? error.name : 'Error',
        at: nowIso(),
      });
    }
  };

  return {
    async publicKeyPem() {
      const pem = await privatePem();
      return createPublicKey(createPrivateKey(pem)).export({
        type: 'spki',
        format: 'pem',
      }) as string;
    },
    emit(event) {
      if (url === undefined) return;
      queue = queue.then(() => deliver(url, event));
    },
    sign,
    deliveries: () => log.map((d) => ({ ...d })),
    async idle() {
      await queue;
    },
  };
}
