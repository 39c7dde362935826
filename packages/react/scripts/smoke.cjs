// Loads the built package with `require()` and with `import` and renders a provider and a hook
// on the server with each: publint and attw check the package's shape, this checks its code runs.
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { createElement } = require('react');
const { renderToString } = require('react-dom/server');

function exercise(hooks, how) {
  const client = hooks.createStoreClient({
    clientId: 'smoke',
    fetch: () => Promise.reject(new Error('no network in the smoke test')),
    tabSync: false,
  });
  function Role() {
    return createElement('p', null, `role ${hooks.useSession((session) => session.role)}`);
  }
  const html = renderToString(createElement(hooks.StoreProvider, { client }, createElement(Role)));
  assert.match(html, /role none/, how);
}

(async () => {
  const dist = path.join(__dirname, '..', 'dist');
  exercise(require(path.join(dist, 'index.cjs')), 'require');
  exercise(await import(pathToFileURL(path.join(dist, 'index.js')).href), 'import');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
