/**
 * Every Catalog V3 route, by its role: reads answer visitors (never 401 or 403), writes refuse
 * them (403 `PERMISSION_DENIED`, 401 without a credential, nothing changed), an unknown field or
 * query parameter is refused naming it, and a Catalog V1 store answers each of them 428.
 */
import { describe, expect, it } from 'vitest';
import { isCatalogV3Read } from '../catalog-v3/version.js';
import { routesOf } from '../server.js';
import type { Emulator } from '../index.js';
import { call, start, visitor } from './helpers.js';

function v3Routes(emu: Emulator) {
  return routesOf(emu)
    .filter((r) => r.path.startsWith('/stores/v3/') || r.path.startsWith('/categories/v1/'))
    .map((r) => ({ ...r, concrete: r.path.replace(/:[A-Za-z]+/g, 'x') }));
}

const bodyOf = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

describe('catalog v3 routes', () => {
  it('serves every path of the five modules, reads to any credential and writes to the API key', async () => {
    const emu = await start({ catalog: 'v3' });
    const routes = v3Routes(emu);
    // The (method, path) pairs of the five modules' meta.js, GET and POST forms counted apart.
    expect(routes).toHaveLength(83);
    const token = (await visitor(emu)).access_token;
    const before = JSON.stringify(emu.dumpState());
    const problems: string[] = [];
    for (const r of routes) {
      const body = bodyOf(r.method);
      const reply = await call(emu, r.method, r.concrete, { token, ...(body ? { body } : {}) });
      const anonymous = await call(emu, r.method, r.concrete, body ? { body } : {});
      const read = isCatalogV3Read(r.method, r.concrete);
      if (anonymous.status !== 401)
        problems.push(`${r.method} ${r.path} without a credential: ${anonymous.status}`);
      if (read && (reply.status === 401 || reply.status === 403))
        problems.push(`${r.method} ${r.path} refuses a visitor's read: ${reply.status}`);
      if (
        !read &&
        (reply.status !== 403 ||
          reply.body?.details?.applicationError?.code !== 'PERMISSION_DENIED')
      )
        problems.push(`${r.method} ${r.path} lets a visitor write: ${reply.status}`);
    }
    expect(problems).toEqual([]);
    expect(JSON.stringify(emu.dumpState())).toBe(before);
  });

  it('refuses an unknown query parameter or body field, naming it, and changes nothing', async () => {
    const emu = await start({ catalog: 'v3' });
    const before = JSON.stringify(emu.dumpState());
    const problems: string[] = [];
    for (const r of v3Routes(emu)) {
      const query = await call(emu, r.method, `${r.concrete}?bogusParameter=1`, {
        token: emu.apiKey,
      });
      const fields =
        query.body?.details?.validationError?.fieldViolations?.map(
          (v: { field: string }) => v.field,
        ) ?? [];
      if (query.status !== 400 || !fields.includes('bogusParameter'))
        problems.push(`${r.method} ${r.path} ?bogusParameter: ${query.status}`);
      if (r.method === 'POST' || r.method === 'PATCH') {
        const reply = await call(emu, r.method, r.concrete, {
          token: emu.apiKey,
          body: { bogusField: 1 },
        });
        if (reply.status !== 400 && reply.status !== 404)
          problems.push(`${r.method} ${r.path} {bogusField}: ${reply.status}`);
      }
    }
    expect(problems).toEqual([]);
    expect(JSON.stringify(emu.dumpState())).toBe(before);
  });

  it('answers each of them 428 on a Catalog V1 store, where they are not routes', async () => {
    const v3 = await start({ catalog: 'v3' });
    const v1 = await start();
    const token = (await visitor(v1)).access_token;
    expect(v3Routes(v1).map((r) => r.path)).toEqual(['/stores/v3/provision/version']);
    for (const r of v3Routes(v3)) {
      if (r.path === '/stores/v3/provision/version') continue;
      const body = bodyOf(r.method);
      const reply = await call(v1, r.method, r.concrete, { token, ...(body ? { body } : {}) });
      expect([r.path, reply.status, reply.body.details.applicationError.code]).toEqual([
        r.path,
        428,
        'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
      ]);
    }
  });
});
