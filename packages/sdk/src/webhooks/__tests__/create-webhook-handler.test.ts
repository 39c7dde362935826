import { SignJWT, exportJWK, exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventName } from '../../models/webhooks.js';
import {
  isUnexpectedWebhookEventError,
  isWebhookVerificationError,
} from '../errors/type-guards.js';
import { UnexpectedWebhookEventError } from '../errors/unexpected-event-error.js';
import { WebhookVerificationError } from '../errors/verification-error.js';
import { createWebhookHandler } from '../create-webhook-handler.js';

let privateKey: CryptoKey;
let publicKey: CryptoKey;
let publicPem: string;
let otherPrivateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  publicPem = await exportSPKI(pair.publicKey);
  otherPrivateKey = (await generateKeyPair('RS256')).privateKey;
});

const VISITOR = { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' };
const CART = { id: 'cart-1', lineItems: [{ id: 'line-1', quantity: 2 }], currency: 'USD' };

interface SignOptions {
  key?: CryptoKey;
  expiresAt?: number;
  issuedAt?: number;
}

/** Signs an event the way the platform (and the emulator) does. */
function sign(
  eventType: string,
  body: unknown,
  identity: unknown = VISITOR,
  options: SignOptions = {},
): Promise<string> {
  const envelope = {
    eventType,
    instanceId: 'instance-1',
    identity: JSON.stringify(identity),
    data: JSON.stringify(body),
  };
  return signClaims({ data: JSON.stringify(envelope) }, options);
}

function signClaims(claims: Record<string, unknown>, options: SignOptions = {}): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' });
  jwt.setIssuedAt(options.issuedAt);
  if (options.expiresAt !== undefined) jwt.setExpirationTime(options.expiresAt);
  return jwt.sign(options.key ?? privateKey);
}

const CART_V2 = {
  id: 'cart-2',
  lineItems: [{ id: 'line-1', quantityInfo: { requestedQuantity: 1 } }],
};
const DOMAIN_EVENT = {
  id: 'event-1',
  entityFqdn: 'wix.ecom.v2.cart',
  entityId: 'cart-2',
  eventTime: '2026-11-29T00:00:00.000Z',
  entityEventSequence: '4',
};
const FACTS = {
  entityId: 'cart-2',
  eventId: 'event-1',
  eventTime: '2026-11-29T00:00:00.000Z',
  entityEventSequence: '4',
};

const PRODUCT_V3 = { id: 'p1', name: 'Tee', actualPriceRange: { minValue: { amount: '24' } } };
const ITEM_V3 = { id: 'i1', productId: 'p1', variantId: 'v1', quantity: 3, trackQuantity: true };
const CATEGORY = { id: 'c1', name: 'Kitchen', slug: 'kitchen' };
const V3_EVENT = { id: 'event-3', entityId: 'p1', entityEventSequence: 7 };
const V3_FACTS = { entityId: 'p1', eventId: 'event-3', entityEventSequence: '7' };

const BODIES: Record<WebhookEventName, [unknown, unknown]> = {
  cartCreated: [
    { entityId: 'cart-1', createdEvent: { entityAsJson: JSON.stringify(CART) } },
    { entityId: 'cart-1', cart: CART },
  ],
  cartUpdated: [
    { entityId: 'cart-1', updatedEvent: { currentEntityAsJson: JSON.stringify(CART) } },
    { entityId: 'cart-1', cart: CART },
  ],
  cartDeleted: [{ entityId: 'cart-1', deletedEvent: {} }, { entityId: 'cart-1' }],
  // Cart V2's are domain events: the entity is an object, beside the event's own facts.
  cartV2Created: [
    { ...DOMAIN_EVENT, slug: 'created', createdEvent: { entity: CART_V2 } },
    { ...FACTS, cart: CART_V2 },
  ],
  cartV2Updated: [
    { ...DOMAIN_EVENT, slug: 'updated', updatedEvent: { currentEntity: CART_V2 } },
    { ...FACTS, cart: CART_V2 },
  ],
  cartV2Deleted: [{ ...DOMAIN_EVENT, slug: 'deleted', deletedEvent: {} }, { ...FACTS }],
  cartV2Calculated: [
    { ...DOMAIN_EVENT, slug: 'calculated', actionEvent: { body: { cartId: 'cart-2' } } },
    { ...FACTS, summary: { cartId: 'cart-2' } },
  ],
  productV3Created: [
    { ...V3_EVENT, slug: 'created', createdEvent: { entity: PRODUCT_V3 } },
    { ...V3_FACTS, product: PRODUCT_V3 },
  ],
  productV3Updated: [
    {
      ...V3_EVENT,
      slug: 'updated',
      updatedEvent: { currentEntity: PRODUCT_V3, modifiedFields: { name: 'Tee' } },
    },
    { ...V3_FACTS, product: PRODUCT_V3, modifiedFields: ['name'] },
  ],
  productV3Deleted: [{ ...V3_EVENT, slug: 'deleted', deletedEvent: {} }, { ...V3_FACTS }],
  inventoryItemCreated: [
    { ...V3_EVENT, createdEvent: { entity: ITEM_V3 } },
    { ...V3_FACTS, inventoryItem: ITEM_V3 },
  ],
  inventoryItemUpdated: [
    { ...V3_EVENT, updatedEvent: { currentEntity: ITEM_V3 } },
    { ...V3_FACTS, inventoryItem: ITEM_V3 },
  ],
  inventoryItemDeleted: [
    { ...V3_EVENT, deletedEvent: { deletedEntity: ITEM_V3 } },
    { ...V3_FACTS, inventoryItem: ITEM_V3 },
  ],
  inventoryItemStockStatusUpdated: [
    { ...V3_EVENT, actionEvent: { body: { inStock: false } } },
    { ...V3_FACTS, inStock: false },
  ],
  categoryCreated: [
    { ...V3_EVENT, createdEvent: { entity: CATEGORY } },
    { ...V3_FACTS, category: CATEGORY },
  ],
  categoryUpdated: [
    { ...V3_EVENT, updatedEvent: { currentEntity: CATEGORY, modifiedFields: ['name'] } },
    { ...V3_FACTS, category: CATEGORY, modifiedFields: ['name'] },
  ],
  categoryDeleted: [{ ...V3_EVENT, deletedEvent: {} }, { ...V3_FACTS }],
  categoryItemAdded: [
    {
      ...V3_EVENT,
      actionEvent: { body: { categoryId: 'c1', addedItem: { catalogItemId: 'p1', appId: 'a' } } },
    },
    { ...V3_FACTS, categoryId: 'c1', item: { catalogItemId: 'p1', appId: 'a' } },
  ],
  categoryItemRemoved: [
    {
      ...V3_EVENT,
      actionEvent: { body: { categoryId: 'c1', removedItem: { catalogItemId: 'p1' } } },
    },
    { ...V3_FACTS, categoryId: 'c1', item: { catalogItemId: 'p1' } },
  ],
  productCreated: [
    { productId: 'p1', name: 'Tee', price: { price: 24 }, visible: true },
    { productId: 'p1', name: 'Tee', price: { price: 24 }, visible: true },
  ],
  productChanged: [
    { productId: 'p1', changedFields: ['price', 'name'] },
    { productId: 'p1', changedFields: ['price', 'name'] },
  ],
  productDeleted: [{ productId: 'p1' }, { productId: 'p1' }],
  collectionCreated: [
    { collectionId: 'c1', name: 'Sale', media: { items: [] } },
    { collectionId: 'c1', name: 'Sale', media: { items: [] } },
  ],
  collectionChanged: [
    { collectionId: 'c1', changedFields: ['name'] },
    { collectionId: 'c1', changedFields: ['name'] },
  ],
  collectionDeleted: [{ collectionId: 'c1' }, { collectionId: 'c1' }],
  variantsChanged: [
    { productId: 'p1', variants: [{ variantId: 'v1', changedFields: ['price'] }] },
    { productId: 'p1', variants: [{ variantId: 'v1', changedFields: ['price'] }] },
  ],
};

describe('webhooks', () => {
  describe('createWebhookHandler', () => {
    it.each(Object.keys(BODIES) as WebhookEventName[])('verifies and unwraps %s', async (name) => {
      const [body, data] = BODIES[name];
      const handler = createWebhookHandler({ publicKey: publicPem });
      const event = await handler.verify(await sign(WEBHOOK_EVENT_TYPES[name], body));
      expect(event).toEqual({
        type: name,
        eventType: WEBHOOK_EVENT_TYPES[name],
        instanceId: 'instance-1',
        identity: { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: 'visitor-1' },
        data,
      });
    });

    it('narrows data by the event type', async () => {
      const handler = createWebhookHandler({ publicKey: publicPem });
      const event = await handler.verify(
        await sign(WEBHOOK_EVENT_TYPES.cartUpdated, BODIES.cartUpdated[0]),
      );
      if (event.type !== 'cartUpdated') throw new Error('wrong type');
      expect(event.data.cart.lineItems[0]?.quantity).toBe(2);
    });

    it('reads every identity kind, and an unknown kind as UNKNOWN', async () => {
      const handler = createWebhookHandler({ publicKey: publicPem });
      const body = BODIES.productDeleted[0];
      const identities = [
        [
          { identityType: 'MEMBER', memberId: 'm1' },
          { identityType: 'MEMBER', memberId: 'm1' },
        ],
        [
          { identityType: 'APP', appId: 'a1' },
          { identityType: 'APP', appId: 'a1' },
        ],
        [
          { identityType: 'WIX_USER', wixUserId: 'u1' },
          { identityType: 'WIX_USER', wixUserId: 'u1' },
        ],
        [{ identityType: 'ALIEN' }, { identityType: 'UNKNOWN' }],
      ] as const;
      for (const [sent, read] of identities) {
        const event = await handler.verify(
          await sign(WEBHOOK_EVENT_TYPES.productDeleted, body, sent),
        );
        expect(event.identity).toEqual(read);
      }
    });

    it('accepts the key as a JWK or a CryptoKey, and a body with surrounding whitespace', async () => {
      const jwt = await sign(WEBHOOK_EVENT_TYPES.productDeleted, { productId: 'p1' });
      for (const key of [publicKey, await exportJWK(publicKey)]) {
        const event = await createWebhookHandler({ publicKey: key }).verify(`\n${jwt}\n`);
        expect(event.type).toBe('productDeleted');
      }
    });

    it('verifies the body of a Request', async () => {
      const handler = createWebhookHandler({ publicKey: publicPem });
      const jwt = await sign(WEBHOOK_EVENT_TYPES.collectionDeleted, { collectionId: 'c1' });
      const request = new Request('https://shop.example/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: jwt,
      });
      await expect(handler.verifyRequest(request)).resolves.toMatchObject({
        type: 'collectionDeleted',
        data: { collectionId: 'c1' },
      });
    });

    describe('body size (maxBodyBytes)', () => {
      // A validly signed event that is just big: 3 MB of product name.
      async function bigEvent(): Promise<string> {
        return sign(WEBHOOK_EVENT_TYPES.productCreated, {
          productId: 'p1',
          name: 'x'.repeat(3 * 1024 * 1024),
        });
      }

      it('refuses a validly signed body past the default 2 MiB, from a Request and as text', async () => {
        const handler = createWebhookHandler({ publicKey: publicPem });
        const jwt = await bigEvent();
        const streamed = new Request('https://shop.example/webhooks', {
          method: 'POST',
          // No Content-Length: the body is read until it passes the cap, and no further.
          body: new Blob([jwt]).stream(),
          duplex: 'half',
        } as RequestInit);
        for (const attempt of [handler.verifyRequest(streamed), handler.verify(jwt)]) {
          const error = await attempt.catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WebhookVerificationError);
          expect((error as Error).message).toBe('JWT is not valid');
          expect(String((error as Error).cause)).toContain('maxBodyBytes');
        }
      });

      it('refuses a declared Content-Length past the cap without reading the body', async () => {
        const handler = createWebhookHandler({ publicKey: publicPem, maxBodyBytes: 1024 });
        let pulled = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled++;
            controller.enqueue(new Uint8Array(512));
          },
        });
        const request = new Request('https://shop.example/webhooks', {
          method: 'POST',
          headers: { 'content-length': String(10 * 1024 * 1024) },
          body,
          duplex: 'half',
        } as RequestInit);
        await expect(handler.verifyRequest(request)).rejects.toBeInstanceOf(
          WebhookVerificationError,
        );
        expect(pulled).toBeLessThanOrEqual(1);
      });

      it('takes a bigger body when the cap is raised', async () => {
        const handler = createWebhookHandler({
          publicKey: publicPem,
          maxBodyBytes: 8 * 1024 * 1024,
        });
        await expect(handler.verify(await bigEvent())).resolves.toMatchObject({
          type: 'productCreated',
        });
      });

      it('refuses a cap that is not a positive whole number', () => {
        expect(() => createWebhookHandler({ publicKey: publicPem, maxBodyBytes: 0 })).toThrow(
          StoreArgumentError,
        );
      });
    });

    describe("'JWT is not valid'", () => {
      async function refusal(body: string | Promise<string>, options = {}) {
        const handler = createWebhookHandler({ publicKey: publicPem, ...options });
        return handler.verify(await body).then(
          () => undefined,
          (error: unknown) => error,
        );
      }

      it.each([
        [
          'a token signed with another key',
          () =>
            sign(WEBHOOK_EVENT_TYPES.productDeleted, { productId: 'p' }, VISITOR, {
              key: otherPrivateKey,
            }),
        ],
        [
          'an expired token',
          () =>
            sign(WEBHOOK_EVENT_TYPES.productDeleted, { productId: 'p' }, VISITOR, {
              expiresAt: Math.floor(Date.now() / 1000) - 60,
            }),
        ],
        ['a token that is not a JWT', () => Promise.resolve('not.a.jwt')],
        ['an empty body', () => Promise.resolve('')],
        [
          'a tampered payload',
          async () => {
            const [header, , signature] = (
              await sign(WEBHOOK_EVENT_TYPES.productDeleted, { productId: 'p' })
            ).split('.');
            const payload = Buffer.from(JSON.stringify({ data: '{}' })).toString('base64url');
            return `${header}.${payload}.${signature}`;
          },
        ],
        ['claims without data', () => signClaims({ other: 1 })],
        ['data that is not JSON', () => signClaims({ data: '{not json' })],
        [
          'an envelope without eventType',
          () =>
            signClaims({ data: JSON.stringify({ instanceId: 'i', identity: '{}', data: '{}' }) }),
        ],
        [
          'an envelope whose identity is not JSON',
          () =>
            signClaims({
              data: JSON.stringify({
                eventType: WEBHOOK_EVENT_TYPES.productDeleted,
                instanceId: 'i',
                identity: 'nope',
                data: '{"productId":"p"}',
              }),
            }),
        ],
        ['an event body missing its id', () => sign(WEBHOOK_EVENT_TYPES.productDeleted, {})],
        [
          'a cart event whose cart is not JSON',
          () =>
            sign(WEBHOOK_EVENT_TYPES.cartCreated, {
              entityId: 'c',
              createdEvent: { entityAsJson: '{' },
            }),
        ],
        [
          'changed fields that are not text',
          () => sign(WEBHOOK_EVENT_TYPES.productChanged, { productId: 'p', changedFields: [1] }),
        ],
      ] as const)('for %s', async (_what, body) => {
        const error = await refusal(body());
        expect(error).toBeInstanceOf(WebhookVerificationError);
        expect((error as Error).message).toBe('JWT is not valid');
        expect(isWebhookVerificationError(error)).toBe(true);
      });

      it('for a token older than maxTokenAge, with the injected clock', async () => {
        const issuedAt = 1_700_000_000;
        const jwt = sign(WEBHOOK_EVENT_TYPES.productDeleted, { productId: 'p' }, VISITOR, {
          issuedAt,
        });
        const fresh = await refusal(jwt, { maxTokenAge: 300, now: () => (issuedAt + 60) * 1000 });
        expect(fresh).toBeUndefined();
        const stale = await refusal(jwt, { maxTokenAge: 300, now: () => (issuedAt + 600) * 1000 });
        expect(stale).toBeInstanceOf(WebhookVerificationError);
      });
    });

    it('names an unexpected event type, after verifying the signature', async () => {
      const handler = createWebhookHandler({ publicKey: publicPem });
      const error: unknown = await handler
        .verify(await sign('wix.ecom.v1.order_created', { orderId: 'o1' }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnexpectedWebhookEventError);
      expect(isUnexpectedWebhookEventError(error)).toBe(true);
      expect(error).toMatchObject({
        message: 'Unexpected event type: wix.ecom.v1.order_created',
        eventType: 'wix.ecom.v1.order_created',
        instanceId: 'instance-1',
      });

      const forged = await sign('wix.ecom.v1.order_created', {}, VISITOR, { key: otherPrivateKey });
      await expect(handler.verify(forged)).rejects.toBeInstanceOf(WebhookVerificationError);
    });

    it('refuses a key that is not a PEM or a key', async () => {
      expect(() => createWebhookHandler({ publicKey: 'abc' })).toThrow(StoreArgumentError);
      const handler = createWebhookHandler({
        publicKey: '-----BEGIN PUBLIC KEY-----\nnot base64\n-----END PUBLIC KEY-----',
      });
      await expect(handler.verify('a.b.c')).rejects.toBeInstanceOf(StoreArgumentError);
    });
  });
});
