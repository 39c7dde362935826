/**
 * The platform's webhooks (register `${origin}/api/webhooks`; the emulator's `--webhook-url`).
 * Each is verified by the SDK (signature with the store's public key, age, size), then expires,
 * in the cached catalog (`lib/catalog.ts`), exactly the entries of what changed: a product's page
 * and the lists it is in, a collection's. Nothing else is trusted: no secret in the address, no
 * field of an unverified body.
 */
import { revalidateTag } from 'next/cache';
import {
  cacheTagsToExpire,
  createWebhookHandler,
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
  type WebhookHandler,
} from '@vitrine/sdk';

export async function POST(request: Request): Promise<Response> {
  const webhooks = webhookHandler();
  if (webhooks === undefined) {
    return new Response('VITRINE_WEBHOOK_PUBLIC_KEY is not set', { status: 503 });
  }
  let tags: string[];
  try {
    tags = cacheTagsToExpire(await webhooks.verifyRequest(request));
  } catch (error) {
    if (isWebhookVerificationError(error)) return new Response(null, { status: 401 });
    // Verified, but of a kind this shop does not handle: taken, nothing to do.
    if (isUnexpectedWebhookEventError(error)) return new Response(null, { status: 204 });
    throw error;
  }
  // Gone at once rather than served stale while refreshed: a shopper must not see an old price.
  // A replay within the age limit only expires the same entries again.
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204 });
}

let current: { publicKey: string; handler: WebhookHandler } | undefined;

/** The handler for the store's public key (PEM, `VITRINE_WEBHOOK_PUBLIC_KEY`), made once. */
function webhookHandler(): WebhookHandler | undefined {
  const publicKey = process.env.VITRINE_WEBHOOK_PUBLIC_KEY?.trim();
  if (!publicKey) return undefined;
  if (current?.publicKey !== publicKey) {
    current = {
      publicKey,
      // A webhook older than five minutes is refused, however well signed.
      handler: createWebhookHandler({ publicKey, maxTokenAge: '5m', clockTolerance: '30s' }),
    };
  }
  return current.handler;
}
