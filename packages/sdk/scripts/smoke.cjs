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

(async () => {
  const dist = path.join(__dirname, '..', 'dist');
  exerciseModels(require(path.join(dist, 'models.cjs')), 'require models');
  exerciseModels(await import(pathToFileURL(path.join(dist, 'models.js')).href), 'import models');
  const required = require(path.join(dist, 'index.cjs'));
  const imported = await import(pathToFileURL(path.join(dist, 'index.js')).href);
  await exercise(required, 'require');
  await exercise(imported, 'import');
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
