/**
 * Media as the platform serves it: every image object (product media, choices, collections, the
 * variants API, cart lines, order lines) names a media id that is a file name with its extension,
 * served at `/media/{id}` (where the official client's `media.getImageUrl` sends a browser), and
 * at the platform's sized paths (`/media/{id}/v1/fill/w_…,h_…/{name}`). The seed's pictures are
 * raster (WebP) files of the size their records say; every media answer says `nosniff`. State
 * written by the previous version, whose ids lacked the extension, is brought up to date with its
 * URLs intact.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultSeed } from '../catalog/seed.js';
import {
  buy,
  call,
  lineItem,
  member,
  pathOf,
  products,
  start,
  visitor,
  webpSize,
  type Json,
  tempDir,
} from './helpers.js';

type Emu = Awaited<ReturnType<typeof start>>;

/**
 * Asserts an image object names a file-name id and that `/media/{id}` serves it: a WebP file of
 * the width and height the object says (800 × 800 when it says none).
 */
async function expectServedImage(emu: Emu, image: Json): Promise<void> {
  expect(image.id).toMatch(/^[A-Za-z0-9_.~-]+\.webp$/);
  expect(image.url).toBe(`${emu.url}/media/${image.id}`);
  // The official client's media.getImageUrl: `https://static.wixstatic.com/media/{id}`.
  const served = await fetch(`${emu.url}/media/${image.id}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/webp');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(webpSize(Buffer.from(await served.arrayBuffer()))).toEqual({
    width: image.width ?? 800,
    height: image.height ?? 800,
  });
}

describe('media', () => {
  let emu: Emu;
  let token: string;
  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
  });

  describe('ids and /media/{id}', () => {
    it('names every product, choice and collection image by its file name', async () => {
      const [mug] = await products(emu, token, { filter: { slug: 'stoneware-mug' } });
      expect(mug.media.mainMedia.id).toBe('stoneware-mug.webp');
      await expectServedImage(emu, { id: mug.media.mainMedia.id, ...mug.media.mainMedia.image });
      const choice = mug.productOptions[0].choices[0];
      const choiceMedia = choice.media.items[0];
      expect(choiceMedia.id).toMatch(/^stoneware-mug--c-[0-9a-f]{6}\.webp$/);
      await expectServedImage(emu, { id: choiceMedia.id, ...choiceMedia.image });

      const { collections } = (
        await call(emu, 'POST', '/v2/collections/query', { token, body: { query: {} } })
      ).body;
      for (const collection of collections)
        await expectServedImage(emu, {
          id: collection.media.mainMedia.id,
          ...collection.media.mainMedia.image,
        });
    });

    it('serves every seeded picture as a raster file of its size', async () => {
      const seen = new Set<string>();
      for (const product of defaultSeed().products)
        for (const media of product.media) {
          if (seen.has(media.id)) continue;
          seen.add(media.id);
          await expectServedImage(emu, { ...media, url: `${emu.url}${media.url}` });
        }
      expect(seen.size).toBeGreaterThan(60);
    });

    it('gives thumbnails the platform sized path, 50 × 50, answered with the original', async () => {
      const [socks] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      const { thumbnail, id } = socks.media.mainMedia;
      expect(thumbnail).toEqual({
        url: `${emu.url}/media/${id}/v1/fit/w_50,h_50,q_90/${id}`,
        width: 50,
        height: 50,
      });
      const served = await fetch(thumbnail.url);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(webpSize(Buffer.from(await served.arrayBuffer()))).toEqual({
        width: 800,
        height: 800,
      });
    });

    it('names the image of a variant, a cart line and an order line the same way', async () => {
      const buyer = await member(emu, 'media-buyer@example.com');
      const [socks] = await products(emu, buyer.access_token, {
        filter: { slug: 'everyday-socks-3-pack' },
      });
      const variants = await call(emu, 'POST', '/stores-reader/v1/variants/query', {
        token,
        body: { query: { filter: { productId: socks.id } } },
      });
      await expectServedImage(emu, variants.body.variants[0].media.image);

      const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: buyer.access_token,
        body: { lineItems: [lineItem(socks.id, 1)] },
      });
      const line = added.body.cart.lineItems[0];
      expect(line.image).toEqual({
        id: 'everyday-socks-3-pack.webp',
        url: `${emu.url}/media/everyday-socks-3-pack.webp`,
        width: 800,
        height: 800,
      });
      await expectServedImage(emu, line.image);

      const orderId = await buy(emu, buyer.access_token);
      const order = (await call(emu, 'GET', `/ecom/v1/orders/${orderId}`, { token: emu.apiKey }))
        .body.order;
      expect(order.lineItems[0].image).toEqual(line.image);
    });

    it('gives a custom line an id only for an image the emulator serves', async () => {
      const shopper = (await visitor(emu)).access_token;
      const custom = (media: string) => ({
        quantity: 1,
        price: '5',
        productName: { original: `Custom ${media.length}` },
        media,
      });
      const added = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: shopper,
        body: {
          customLineItems: [custom('/media/gift-wrap.png'), custom('https://cdn.example/x.jpg')],
        },
      });
      const images = added.body.cart.lineItems.map((l: Json) => l.image);
      expect(images).toEqual([
        { id: 'gift-wrap.png', url: `${emu.url}/media/gift-wrap.png`, width: 800, height: 800 },
        // No platform media id: the official client keeps the URL itself.
        { url: 'https://cdn.example/x.jpg', width: 800, height: 800 },
      ]);
    });

    it('keeps the URLs of earlier versions working, and serves only image file names', async () => {
      // Earlier versions named this image `everyday-socks-3-pack` and served it here.
      const old = await fetch(`${emu.url}/media/everyday-socks-3-pack.svg`);
      expect(old.status).toBe(200);
      expect(old.headers.get('content-type')).toBe('image/webp');
      // A name the seed has no file for is drawn.
      const drawn = await fetch(`${emu.url}/media/lamp-front.jpg`);
      expect(drawn.headers.get('content-type')).toBe('image/svg+xml');
      expect(drawn.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await drawn.text()).toContain('Lamp Front');
      for (const name of ['everyday-socks-3-pack', '2.5', '__proto__', 'x.exe'])
        expect((await call(emu, 'GET', `/media/${name}`)).status).toBe(404);
    });

    it('refuses a merchant media id that is not an image file name', async () => {
      const [socks] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      const reply = await call(emu, 'POST', `/stores/v1/products/${socks.id}/media`, {
        token: emu.apiKey,
        body: { media: [{ mediaId: 'lamp-front' }] },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.details.validationError.fieldViolations[0].field).toBe('media[0].mediaId');
    });
  });

  describe('sized paths', () => {
    // A name the seed has no file for: drawn at the size asked for.
    const id = 'lamp-front.svg';

    it('answers the original file of a seeded picture', async () => {
      const reply = await fetch(
        `${emu.url}/media/stoneware-mug.webp/v1/fill/w_300,h_200,al_c,q_80,enc_auto/mug.webp`,
      );
      expect(reply.headers.get('content-type')).toBe('image/webp');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(webpSize(Buffer.from(await reply.arrayBuffer()))).toEqual({ width: 800, height: 800 });
    });
    it.each([
      ['fill', `fill/w_400,h_300,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/${id}`, 'slice', 400, 300],
      ['fit', `fit/w_50,h_50,q_90/file.svg`, 'meet', 50, 50],
      [
        'crop then fill',
        `crop/x_10,y_10,w_500,h_500/fill/w_200,h_200,al_c/${id}`,
        'slice',
        200,
        200,
      ],
    ])('serves %s at the size asked for', async (_name, rest, aspect, width, height) => {
      const reply = await fetch(`${emu.url}/media/${id}/v1/${rest}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/svg+xml');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      const svg = await reply.text();
      expect(svg).toContain(`width="${width}" height="${height}"`);
      expect(svg).toContain(`preserveAspectRatio="xMidYMid ${aspect}"`);
    });

    it.each([
      ['no size', `fill/al_c,q_80/${id}`],
      ['a zero width', `fill/w_0,h_10/${id}`],
      ['an absurd size', `fill/w_99999,h_10/${id}`],
      ['an unknown operation', `stretch/w_10,h_10/${id}`],
      ['no file name', `fill/w_10,h_10`],
      ['a bad parameter', `fill/w_10,h_10,<script>/${id}`],
      ['another version', `../v2/fill/w_10,h_10/${id}`],
    ])('answers 404 to %s', async (_name, rest) => {
      const reply = await call(emu, 'GET', `/media/${id}/v1/${rest}`);
      expect(reply.status).toBe(404);
      expect(reply.body.details.applicationError.code).toBe('NOT_FOUND');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers 404 to an id that is not a file name', async () => {
      for (const path of ['/media/..%2Fetc.svg', '/media/a%2Fb/v1/fill/w_1,h_1/x'])
        expect((await call(emu, 'GET', path)).status).toBe(404);
    });
  });

  describe("a merchant's media URLs", () => {
    const HOSTILE = [
      '/media/../_emulator/state',
      '/media/x.svg"><script>alert(1)</script>',
      '/media/stoneware-mug.webp',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//cdn.example/a.png',
      'https://cdn.example/a.png"><script>alert(1)</script>',
      'https://cdn.example/a b.png',
      'x.svg"><script>',
    ];

    it.each(HOSTILE)('refuses %s for a product and a collection, naming the field', async (url) => {
      const [socks] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      const product = await call(emu, 'POST', `/stores/v1/products/${socks.id}/media`, {
        token: emu.apiKey,
        body: { media: [{ url }] },
      });
      expect(product.status).toBe(400);
      expect(product.body.message).toMatch(
        /^INVALID_ARGUMENT: media\[0\]\.url: must be an absolute http\(s\) URL or a media id/,
      );
      expect(product.body.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field: 'media[0].url', violatedRule: 'FORMAT' }),
      ]);
      const collection = await call(emu, 'POST', '/stores/v1/collections', {
        token: emu.apiKey,
        body: { collection: { name: 'Hostile', media: { mainMedia: { image: { url } } } } },
      });
      expect(collection.status).toBe(400);
      expect(collection.body.details.validationError.fieldViolations[0].field).toBe(
        'collection.media.mainMedia.image.url',
      );
      const [after] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      expect(after.media.items).toHaveLength(socks.media.items.length);
    });

    it('takes an absolute http(s) URL or a media id, which the emulator serves', async () => {
      const created = await call(emu, 'POST', '/stores/v1/collections', {
        token: emu.apiKey,
        body: {
          collection: { name: 'Lamps', media: { mainMedia: { image: { url: 'lamp-front.jpg' } } } },
        },
      });
      expect(created.status).toBe(200);
      const image = created.body.collection.media.mainMedia.image;
      expect(image.url).toBe(`${emu.url}/media/lamp-front.jpg`);
      expect((await fetch(image.url)).status).toBe(200);
      const [socks] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      const added = await call(emu, 'POST', `/stores/v1/products/${socks.id}/media`, {
        token: emu.apiKey,
        body: { media: [{ url: 'https://cdn.example/a.png?w=2&h=3' }, { url: 'sock-side.png' }] },
      });
      expect(added.status).toBe(200);
      const [after] = await products(emu, token, { filter: { slug: 'everyday-socks-3-pack' } });
      expect(after.media.items.slice(-2).map((m: Json) => m.image.url)).toEqual([
        'https://cdn.example/a.png?w=2&h=3',
        `${emu.url}/media/sock-side.png`,
      ]);
    });
  });

  describe('state of the previous version', () => {
    /** The seed as the previous version kept it: ids without the file extension, SVG URLs. */
    function previousSeed() {
      const seed = defaultSeed();
      for (const product of seed.products) {
        for (const media of product.media) {
          media.id = media.id.replace(/\.webp$/, '');
          media.url = media.url.replace(/\.webp$/, '.svg');
        }
        for (const option of product.productOptions)
          for (const choice of option.choices)
            choice.mediaIds = choice.mediaIds.map((m) => m.replace(/\.webp$/, ''));
      }
      for (const c of seed.collections)
        if (c.media) {
          c.media.id = c.media.id.replace(/\.webp$/, '');
          c.media.url = c.media.url.replace(/\.webp$/, '.svg');
        }
      return seed;
    }

    it('reads a data file of the previous version: ids become file names, URLs stay', async () => {
      const dir = await tempDir('vitrine-media-');
      const data = join(dir, 'state.json');
      const writer = await start({ data });
      await writer.close();
      const state = JSON.parse(await readFile(data, 'utf8'));
      const seed = previousSeed();
      state.products = Object.fromEntries(seed.products.map((p) => [p.id, p]));
      state.collections = Object.fromEntries(seed.collections.map((c) => [c.id, c]));
      await writeFile(data, JSON.stringify(state));

      const reader = await start({ data });
      const shopper = (await visitor(reader)).access_token;
      const [mug] = await products(reader, shopper, { filter: { slug: 'stoneware-mug' } });
      expect(mug.media.mainMedia.id).toBe('stoneware-mug.svg');
      expect(pathOf(mug.media.mainMedia.image.url)).toBe('/media/stoneware-mug.svg');
      // The old URL answers the seed's raster picture now.
      const served = await fetch(mug.media.mainMedia.image.url);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const choiceIds = mug.productOptions[0].choices.map((c: Json) => c.media.items[0].id);
      expect(choiceIds.every((m: string) => m.endsWith('.svg'))).toBe(true);
      // The new ids work in merchant calls: removing one takes it off its choice too.
      const removed = await call(reader, 'POST', `/stores/v1/products/${mug.id}/media/delete`, {
        token: reader.apiKey,
        body: { mediaIds: [choiceIds[0]] },
      });
      expect(removed.status).toBe(200);
      const after = (
        await call(reader, 'GET', `/stores-reader/v1/products/${mug.id}`, {
          token: shopper,
        })
      ).body.product;
      expect(after.productOptions[0].choices[0].media).toBeUndefined();
    });

    it('upgrades a seed object written for the previous version', async () => {
      const seeded = await start({ seed: previousSeed() });
      const shopper = (await visitor(seeded)).access_token;
      const [socks] = await products(seeded, shopper, {
        filter: { slug: 'everyday-socks-3-pack' },
      });
      expect(socks.media.mainMedia.id).toBe('everyday-socks-3-pack.svg');
    });
  });
});
