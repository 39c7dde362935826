// Loads the built package both ways an app can, `require()` (dist/index.cjs) and `import`
// (dist/index.js), and makes one authenticated call through each against a scripted platform;
// then the server entry (dist/server.*) the same two ways, which must share the root entry's
// code rather than carry a copy of it, and the models entry (dist/models.*), whose
// enumerations' values must be there both ways.
// publint and attw check the package's shape and types; this checks that the code runs.
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

async function exercise(sdk, how) {
  const seen = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
    const body = request.url.endsWith('/oauth2/token')
      ? { access_token: 'at_smoke', refresh_token: 'rt_smoke', expires_in: 3600 }
      : { product: { id: 'p1' } };
    return new Response(JSON.stringify(body), { status: 200 });
  };
  const store = sdk.createStoreClient({ clientId: 'smoke', fetch, tabSync: false });
  const product = await store.products.get('p1');
  assert.deepEqual(product, { id: 'p1' }, `${how}: products.get`);
  assert.deepEqual(seen, ['POST /oauth2/token', 'GET /stores-reader/v1/products/p1'], how);
}

// The parts loaded on first use (dist/lazy/ in the ES module build): a refused call (error
// mapping), the cart engine, a catalog read beyond a page of products. Their errors must be
// the root entry's classes.
async function exerciseParts(sdk, how) {
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/oauth2/token') {
      return Response.json({ access_token: 'at_p', refresh_token: 'rt_p', expires_in: 3600 });
    }
    if (path.endsWith('/add-to-cart')) return Response.json({ cart: { id: 'c1', lineItems: [] } });
    if (path === '/v2/collections/c1') return Response.json({ collection: { id: 'c1' } });
    return Response.json({ message: 'no such product' }, { status: 404 });
  };
  const store = sdk.createStoreClient({ clientId: 'smoke', fetch, tabSync: false, retry: 0 });
  const refused = await store.products.get('p404').catch((error) => error);
  assert.ok(refused instanceof sdk.StoreClientError, `${how}: mapped to the root's class`);
  assert.equal(refused.status, 404, how);
  await store.cartStore.addItems([
    { catalogReference: { catalogItemId: 'p1', appId: 'a' }, quantity: 1 },
  ]);
  assert.equal(store.cartStore.getState().status, 'ready', `${how}: cart engine`);
  assert.deepEqual(await store.collections.get('c1'), { id: 'c1' }, `${how}: catalog reads`);
  store.dispose();
}

async function exerciseServer(server, sdk, how) {
  assert.equal(
    server.cookieStorage,
    sdk.cookieStorage,
    `${how}: server entry shares the root's code`,
  );
  const written = [];
  const fetch = async () =>
    new Response(JSON.stringify({ access_token: 'at_s', refresh_token: 'rt_s', expires_in: 3600 }));
  const store = await server.createServerStoreClient({
    clientId: 'smoke',
    fetch,
    url: 'http://127.0.0.1/',
    cookies: {
      get: () => undefined,
      set: (name, value, attributes) => written.push({ name, attributes }),
    },
  });
  assert.equal(store.auth.role, 'visitor', `${how}: server client has a visitor`);
  assert.deepEqual(
    written.map((cookie) => cookie.name),
    ['vitrine.smoke.tokens'],
    how,
  );
  assert.equal(written[0].attributes.secure, false, `${how}: not Secure over http`);
  store.dispose();
}

function exerciseModels(models, how) {
  assert.equal(models.ItemAvailability.AVAILABLE, 'AVAILABLE', `${how}: models entry`);
  assert.ok(models.LoginState.includes('SUCCESS'), `${how}: models entry`);
  assert.equal(models.STORES_APP_ID, '215238eb-22a5-4c36-9e7b-e7c08025e04e', how);
}

/**
 * The lite entry: a deferred client that loads the root's on first use, and the root's classes:
 * an error one entry throws is an instance of the other's `VitrineError`.
 */
async function exerciseLite(lite, root, how) {
  assert.equal(lite.VitrineError, root.VitrineError, `${how}: one VitrineError class`);
  assert.equal(lite.StoreArgumentError, root.StoreArgumentError, `${how}: one StoreArgumentError`);
  const store = lite.createDeferredStoreClient({
    clientId: 'smoke',
    role: 'visitor',
    load: async () =>
      root.createStoreClient({
        clientId: 'smoke',
        tabSync: false,
        fetch: () => Promise.reject(new Error('no network in the smoke test')),
      }),
  });
  assert.throws(() => store.auth.setTokens({}), root.VitrineError, `${how}: not loaded yet`);
  store.cartStore.hydrate({ id: 'c', lineItems: [{ id: 'l', quantity: 2 }] });
  assert.equal(store.cartStore.getState().itemCount, 2, `${how}: hydrated cart`);
  await store.load();
  assert.equal(store.loaded, true, `${how}: loaded`);
  assert.equal(store.cartStore.getState().itemCount, 2, `${how}: the cart handed over`);
  store.dispose();
}

(async () => {
  const dist = path.join(__dirname, '..', 'dist');
  exerciseModels(require(path.join(dist, 'models.cjs')), 'require models');
  exerciseModels(await import(pathToFileURL(path.join(dist, 'models.js')).href), 'import models');
  const required = require(path.join(dist, 'index.cjs'));
  const imported = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  await exercise(required, 'require');
  await exercise(imported, 'import');
  await exerciseParts(required, 'require parts');
  await exerciseParts(imported, 'import parts');
  await exerciseLite(require(path.join(dist, 'lite.cjs')), required, 'require lite');
  await exerciseLite(
    await import(pathToFileURL(path.join(dist, 'lite', 'lite.js')).href),
    imported,
    'import lite',
  );
  await exerciseServer(require(path.join(dist, 'server.cjs')), required, 'require server');
  await exerciseServer(
    await import(pathToFileURL(path.join(dist, 'server.js')).href),
    imported,
    'import server',
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
