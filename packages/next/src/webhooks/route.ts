/**
 * `@vitrine/next/webhooks`: the platform's webhooks in one line. Each event is verified (the
 * store's public key, the token's age, the body's size), then expires in the cached catalog
 * exactly the entries of what changed. A genuine event replayed within its age expires nothing a
 * second time. Nothing else is trusted: no secret in the address, no field of an unverified body.
 */
import { revalidateTag } from 'next/cache';
import {
  cacheTagsToExpire,
  createWebhookHandler,
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
  type WebhookHandler,
} from '@vitrine/sdk';
import { readTextAtMost } from '../shared/read-at-most.js';

/** Options of {@link createWebhookRoute}. */
export interface WebhookRouteOptions {
  /**
   * The store's webhook public key (PEM).
   * @default process.env.VITRINE_WEBHOOK_PUBLIC_KEY, read at each request
   */
  publicKey?: string;
  /**
   * The oldest event taken, in seconds: a captured event replayed later is refused, and one
   * replayed sooner is recognised and does nothing.
   * @default 300
   */
  maxAgeSeconds?: number;
  /**
   * The largest body read, in bytes; a bigger one is refused (401) unread.
   * @default 1048576 (1 MiB)
   */
  maxBodyBytes?: number;
}

/** The route's handlers: export them from `app/api/webhooks/route.ts`. */
export interface WebhookRoute {
  POST: (request: Request) => Promise<Response>;
}

// Bodies remembered at most: a flood of distinct genuine events cannot grow the memory past it.
const MAX_REMEMBERED = 10_000;

/**
 * The webhook route of the shop. Register `${origin}/api/webhooks` with the store (the emulator's
 * `--webhook-url`). Answers 204 to an event it took (or one of a kind it does not handle, and a
 * replay), 401 to one that is not the store's, too old or past `maxBodyBytes`, 503 when no public
 * key is set.
 *
 * @example
 * // app/api/webhooks/route.ts
 * import { createWebhookRoute } from '@vitrine/next/webhooks';
 * export const { POST } = createWebhookRoute();
 * @throws {StoreArgumentError} (at the first event) when the public key is not a usable RS256 key.
 */
export function createWebhookRoute(options: WebhookRouteOptions = {}): WebhookRoute {
  const maxAgeSeconds = options.maxAgeSeconds ?? 300;
  const maxBodyBytes = options.maxBodyBytes ?? 1_048_576;
  let current: { publicKey: string; handler: WebhookHandler } | undefined;
  // Digests of the bodies taken, and when each stops mattering (its token is too old by then).
  const seen = new Map<string, number>();

  function handlerFor(publicKey: string): WebhookHandler {
    if (current?.publicKey !== publicKey) {
      current = {
        publicKey,
        handler: createWebhookHandler({
          publicKey,
          maxTokenAge: `${maxAgeSeconds}s`,
          clockTolerance: '30s',
          maxBodyBytes,
        }),
      };
    }
    return current.handler;
  }

  return {
    async POST(request) {
      const publicKey = (options.publicKey ?? process.env.VITRINE_WEBHOOK_PUBLIC_KEY)?.trim();
      if (!publicKey) return new Response('VITRINE_WEBHOOK_PUBLIC_KEY is not set', { status: 503 });
      const body = await readTextAtMost(request, maxBodyBytes);
      if (body === undefined) return new Response(null, { status: 401 });
      let tags: string[];
      try {
        tags = cacheTagsToExpire(await handlerFor(publicKey).verify(body));
      } catch (error) {
        if (isWebhookVerificationError(error)) return new Response(null, { status: 401 });
        // Verified, but of a kind this shop does not handle: taken, nothing to do.
        if (isUnexpectedWebhookEventError(error)) return new Response(null, { status: 204 });
        throw error;
      }
      const now = Date.now();
      forgetOld(seen, now);
      const digest = await sha256(signedPart(body));
      if (seen.has(digest)) return new Response(null, { status: 204 });
      seen.set(digest, now + (maxAgeSeconds + 60) * 1000);
      // Gone at once rather than served stale while refreshed: a shopper must not see an old price.
      for (const tag of tags) revalidateTag(tag, { expire: 0 });
      return new Response(null, { status: 204 });
    },
  };
}

/**
 * What the signature covers (`header.payload`), the same for every spelling of one event: a
 * replay padded with spaces, or with the unused bits of its signature's last character changed,
 * still verifies, and must still be recognised.
 */
function signedPart(jwt: string): string {
  const token = jwt.trim();
  return token.slice(0, token.lastIndexOf('.'));
}

function forgetOld(seen: Map<string, number>, now: number): void {
  for (const [digest, until] of seen) {
    // Insertion order is time order: the first one still current ends the sweep.
    if (until > now && seen.size <= MAX_REMEMBERED) break;
    seen.delete(digest);
  }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}
