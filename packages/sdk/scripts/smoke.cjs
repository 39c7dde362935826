// Loads the built package both ways an app can, `require()` (dist/index.cjs) and `import`
// (dist/index.js), and makes one authenticated call through each against a scripted platform.
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

(async () => {
  const dist = path.join(__dirname, '..', 'dist');
  await exercise(require(path.join(dist, 'index.cjs')), 'require');
  await exercise(await import(pathToFileURL(path.join(dist, 'index.js')).href), 'import');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
