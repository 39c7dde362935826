import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../index.js';
import type { Json, WebhookReceiver } from './helpers.js';
import { call, lineItem, simpleProduct, start, visitor, webhookReceiver } from './helpers.js';

let receiver: WebhookReceiver;
let url = '';
beforeAll(async () => {
  receiver = await webhookReceiver();
  url = receiver.url('/hooks');
});
afterAll(async () => {
  await receiver.close();
});

/** The events delivered so far, verified and unwrapped. */
async function events(emu: Awaited<ReturnType<typeof start>>, count: number): Promise<Json[]> {
  for (let i = 0; i < 100 && emu.webhookDeliveries().length < count; i += 1)
    await new Promise((r) => setTimeout(r, 20));
  const key = await importSPKI(await emu.webhookPublicKey(), 'RS256');
  return Promise.all(
    receiver.received.splice(0).map(async (jwt) => {
      const envelope = JSON.parse((await jwtVerify(jwt, key)).payload.data as string);
      return { eventType: envelope.eventType, data: JSON.parse(envelope.data) };
    }),
  );
}

describe('cart v2 events', () => {
  it('sends V2 domain events beside the V1 ones, for changes through either API', async () => {
    const emu = await start({ webhookUrl: url });
    const { access_token: t } = await visitor(emu);
    const product = await simpleProduct(emu, t);
    const created = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
      token: t,
      body: { lineItems: [lineItem(product.id)] },
    });
    const id = created.body.cart.id;
    await call(emu, 'POST', '/ecom/v2/carts/current/add-coupon', {
      token: t,
      body: { coupon: { code: 'WELCOME10' } },
    });
    await call(emu, 'POST', '/ecom/v2/carts/current/estimate', { token: t, body: {} });
    await call(emu, 'DELETE', '/ecom/v2/carts/current', { token: t });
    const got = await events(emu, 7);
    expect(got.map((e) => e.eventType)).toEqual([
      EVENT_TYPES.cartCreated,
      EVENT_TYPES.cartV2Created,
      EVENT_TYPES.cartUpdated,
      EVENT_TYPES.cartV2Updated,
      EVENT_TYPES.cartV2Calculated,
      EVENT_TYPES.cartDeleted,
      EVENT_TYPES.cartV2Deleted,
    ]);
    const v2 = got.filter((e) => e.eventType.startsWith('wix.ecom.v2.'));
    expect(v2.map((e) => [e.data.slug, e.data.entityEventSequence])).toEqual([
      ['created', '1'],
      ['updated', '2'],
      ['calculated', '3'],
      ['deleted', '4'],
    ]);
    for (const e of v2)
      expect(e.data).toMatchObject({
        id: expect.any(String),
        entityFqdn: 'wix.ecom.v2.cart',
        entityId: id,
        eventTime: expect.any(String),
      });
    expect(v2[0].data.createdEvent.entity).toMatchObject({ id, revision: '1', currentCart: true });
    expect(v2[1].data.updatedEvent.currentEntity.coupons[0].code).toBe('WELCOME10');
    expect(v2[2].data.actionEvent.body).toMatchObject({
      cartId: id,
      priceSummary: { discount: { amount: expect.any(String) } },
    });
    expect(v2[3].data.deletedEvent.deletedEntity.id).toBe(id);
  });
});
