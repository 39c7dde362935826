import { spawnSync } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index.js';
import { call, lineItem, member, simpleProduct, start, tempDir, visitor } from './helpers.js';

describe('persistence', () => {
  describe('startEmulator({ data })', () => {
    it('loses nothing across a restart: tokens, carts, members, catalog edits, webhook key', async () => {
      const data = join(await tempDir(), 'nested', 'state.json');
      const first = await start({ data });
      const shopper = await visitor(first);
      const product = await simpleProduct(first, shopper.access_token);
      await call(first, 'POST', '/ecom/v1/carts/current/add-to-cart', {
        token: shopper.access_token,
        body: { lineItems: [lineItem(product.id, 3)] },
      });
      await call(first, 'PATCH', `/stores/v1/products/${product.id}`, {
        token: first.apiKey,
        body: { product: { name: 'Renamed' } },
      });
      const m = await member(first, 'persist@example.com', 'persist-pass');
      const key = await first.webhookPublicKey();
      await first.close();

      const second = await start({ data });
      const cart = await call(second, 'GET', '/ecom/v1/carts/current', {
        token: shopper.access_token,
      });
      expect(cart.status).toBe(200);
      expect(cart.body.cart.lineItems[0]).toMatchObject({
        quantity: 3,
        productName: { original: 'Renamed' },
      });
      const refreshed = await call(second, 'POST', '/oauth2/token', {
        body: { grantType: 'refresh_token', refreshToken: m.refresh_token },
      });
      expect(refreshed.status).toBe(200);
      const login = await call(second, 'POST', '/_api/iam/authentication/v2/login', {
        token: shopper.access_token,
        body: { loginId: { email: 'persist@example.com' }, password: 'persist-pass' },
      });
      expect(login.body.state).toBe('SUCCESS');
      expect(await second.webhookPublicKey()).toBe(key);
    });

    it('writes by temp file and rename, leaving only valid JSON holding no raw token', async () => {
      const dir = await tempDir();
      const data = join(dir, 'state.json');
      const emu = await start({ data });
      const tokens = await Promise.all(Array.from({ length: 20 }, () => visitor(emu)));
      await emu.close();
      expect(await readdir(dir)).toEqual(['state.json']);
      const text = await readFile(data, 'utf8');
      const state = JSON.parse(text);
      expect(Object.keys(state.families)).toHaveLength(20);
      for (const t of tokens) {
        expect(text).not.toContain(t.access_token);
        expect(text).not.toContain(t.refresh_token);
      }
    });

    it('removes temporary files of dead processes at start, and keeps those of running ones', async () => {
      const dir = await tempDir();
      const data = join(dir, 'state.json');
      const dead = spawnSync(process.execPath, ['-e', '']).pid;
      await writeFile(join(dir, `state.json.${dead}.3.tmp`), '{"torn":');
      await writeFile(join(dir, `state.json.${process.pid}.9.tmp`), '{}');
      await writeFile(join(dir, 'state.json.notes.tmp'), 'not ours');
      const emu = await start({ data });
      await visitor(emu);
      await emu.close();
      expect((await readdir(dir)).sort()).toEqual(
        ['state.json', `state.json.${process.pid}.9.tmp`, 'state.json.notes.tmp'].sort(),
      );
    });

    it('refuses to start on a corrupt or foreign file', async () => {
      const dir = await tempDir();
      await writeFile(join(dir, 'bad.json'), '{"version": 99}');
      await expect(startEmulator({ port: 0, data: join(dir, 'bad.json') })).rejects.toThrow(
        /not an emulator state file/,
      );
      await writeFile(join(dir, 'broken.json'), '{"vers');
      await expect(startEmulator({ port: 0, data: join(dir, 'broken.json') })).rejects.toThrow();
    });
  });

  describe('startEmulator({ seed })', () => {
    it('starts from a seed file written like merchant create bodies', async () => {
      const dir = await tempDir();
      const seed = join(dir, 'seed.json');
      await writeFile(
        seed,
        JSON.stringify({
          collections: [{ id: 'shoes', name: 'Shoes' }],
          products: [
            {
              name: 'Runner',
              priceData: { price: 90 },
              collectionIds: ['shoes'],
              productOptions: [
                { name: 'Size', choices: [{ description: '42' }, { description: '43' }] },
              ],
              stock: { trackInventory: true, quantity: 5 },
            },
          ],
        }),
      );
      const emu = await start({ seed });
      const { access_token } = await visitor(emu);
      const reply = await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
        token: access_token,
        body: { includeVariants: true },
      });
      expect(reply.body.products).toHaveLength(1);
      expect(reply.body.products[0]).toMatchObject({
        name: 'Runner',
        collectionIds: ['shoes'],
        stock: { quantity: 10 },
      });
      await writeFile(seed, JSON.stringify({ products: [{ name: '', priceData: { price: -1 } }] }));
      await expect(startEmulator({ port: 0, seed })).rejects.toThrow(/products\[0\]/);
    });
  });

  describe('close()', () => {
    it('stops listening', async () => {
      const emu = await startEmulator({ port: 0 });
      await emu.close();
      await expect(fetch(`${emu.url}/_emulator`)).rejects.toThrow();
    });
  });
});
