import { it } from 'vitest';
import { call, start, visitor } from './helpers.js';
it('scratch', async () => {
  const emu = await start({ catalog: 'v3' });
  const t = (await visitor(emu)).access_token;
  const q = await call(emu, 'POST', '/stores/v3/products/query', {
    token: t,
    body: { query: { cursorPaging: { limit: 2 } }, fields: ['CURRENCY', 'URL'] },
  });
  console.log(q.status, JSON.stringify(q.body).slice(0, 3000));
  const id = q.body.products[0].id;
  const g = await call(
    emu,
    'GET',
    `/stores/v3/products/${id}?productId=${id}&fields=VARIANT_OPTION_CHOICE_NAMES&fields=DIRECT_CATEGORIES_INFO`,
    { token: t },
  );
  console.log(g.status, JSON.stringify(g.body).slice(0, 2500));
  const s = await call(emu, 'POST', '/stores/v3/products/search', {
    token: t,
    body: {
      search: {
        search: { expression: 'tee' },
        aggregations: [{ name: 'b', type: 'VALUE', fieldPath: 'brand.name' }],
      },
    },
  });
  console.log(
    s.status,
    s.body.products?.map((p: any) => p.name),
    JSON.stringify(s.body.aggregationData),
    JSON.stringify(s.body.pagingMetadata),
  );
  const v1 = await call(emu, 'GET', `/stores-reader/v1/products/${id}`, { token: t });
  console.log(v1.status, v1.text);
  const c = await call(emu, 'GET', `/stores/v3/products/count`, { token: t });
  console.log(c.status, c.text);
  const bad = await call(emu, 'POST', '/stores/v3/products/query', {
    token: t,
    body: { query: { filter: { name: 'x' } } },
  });
  console.log(bad.status, bad.text);
});
