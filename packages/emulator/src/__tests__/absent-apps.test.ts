/**
 * APIs of apps the emulator does not run answer as the platform answers a site without them, so
 * apps that handle that answer keep working: the Data API answers every item call with 404
 * `WDE0025` naming the collection (as the platform does for a site without that collection),
 * in the platform's error shape, for a caller with a token; bad input is still refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './helpers.js';
import { call, start, visitor } from './helpers.js';
import { encodeDotR } from '../index.js';

type Emu = Awaited<ReturnType<typeof start>>;

const DATA = '/wix-data/v2';
const MISSING = (name: string) =>
  `WDE0025: The ${name} collection does not exist. You cannot work with a collection using the Data API before it is created in the Editor.`;

describe('APIs of apps the emulator does not run', () => {
  let emu: Emu;
  let token: string;

  beforeAll(async () => {
    emu = await start();
    token = (await visitor(emu)).access_token;
  });

  const expectMissing = (reply: { status: number; body: Json }, name: string) => {
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      message: MISSING(name),
      details: {
        applicationError: {
          code: 'WDE0025',
          description: MISSING(name),
          data: { collectionId: name },
        },
      },
    });
  };

  describe('the Data API (regression: a storefront querying its Menus collection got "No route")', () => {
    it('answers a query by .r GET with WDE0025', async () => {
      const r = encodeDotR({ dataCollectionId: 'Menus', query: { filter: { slug: 'main' } } });
      expectMissing(await call(emu, 'GET', `${DATA}/items/query?.r=${r}`, { token }), 'Menus');
    });

    it('answers a query by POST with WDE0025', async () => {
      const reply = await call(emu, 'POST', `${DATA}/items/query`, {
        token,
        body: { dataCollectionId: 'Pages', query: {}, returnTotalCount: true },
      });
      expectMissing(reply, 'Pages');
    });

    it('answers an item read, an insert and a bulk call with WDE0025', async () => {
      expectMissing(
        await call(emu, 'GET', `${DATA}/items/about?dataCollectionId=Pages&dataItemId=about`, {
          token,
        }),
        'Pages',
      );
      expectMissing(
        await call(emu, 'POST', `${DATA}/items`, {
          token,
          body: { dataCollectionId: 'Stores/Products', dataItem: { data: {} } },
        }),
        'Stores/Products',
      );
      expectMissing(
        await call(emu, 'POST', `${DATA}/bulk/items/insert`, {
          token,
          body: { dataCollectionId: 'Menus', dataItems: [] },
        }),
        'Menus',
      );
    });

    it("answers a collection's definition with WDE0025", async () => {
      expectMissing(await call(emu, 'GET', `${DATA}/collections/Menus`, { token }), 'Menus');
    });

    it('changes nothing', async () => {
      const before = JSON.stringify(emu.dumpState());
      await call(emu, 'POST', `${DATA}/items`, {
        token,
        body: { dataCollectionId: 'Menus', dataItem: { data: { title: 'x' } } },
      });
      expect(JSON.stringify(emu.dumpState())).toBe(before);
    });

    it('needs a token, like every platform call', async () => {
      const reply = await call(emu, 'POST', `${DATA}/items/query`, {
        body: { dataCollectionId: 'Menus' },
      });
      expect(reply.status).toBe(401);
    });

    it.each([
      ['no collection id', {}, 'REQUIRED_FIELD'],
      ['a collection id that is not a name', { dataCollectionId: 'Menus<script>' }, 'FORMAT'],
      ['a collection id that is not a string', { dataCollectionId: { $ne: 1 } }, 'FORMAT'],
    ])('refuses %s, naming the field', async (_name, body, rule) => {
      const reply = await call(emu, 'POST', `${DATA}/items/query`, { token, body });
      expect(reply.status).toBe(400);
      expect(reply.body.details.validationError.fieldViolations).toEqual([
        expect.objectContaining({ field: 'dataCollectionId', violatedRule: rule }),
      ]);
      expect(reply.text).not.toContain('<script>');
    });
  });

  it('answers any other unknown path 404 NOT_FOUND in the platform shape', async () => {
    const reply = await call(emu, 'GET', '/bookings/v2/services', { token });
    expect(reply.status).toBe(404);
    expect(reply.body.details.applicationError.code).toBe('NOT_FOUND');
  });
});
