// Loads the built package with `require()` and with `import`, starts an emulator from each on a
// free port and makes one anonymous grant: the package's shape is checked by publint and attw,
// this checks that its code runs both ways.
const assert = require('node:assert/strict');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

async function exercise(emulatorPackage, how) {
  const emulator = await emulatorPackage.startEmulator({ port: 0 });
  try {
    const response = await fetch(`${emulator.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: emulator.clientId, grantType: 'anonymous' }),
    });
    assert.equal(response.status, 200, `${how}: anonymous grant`);
    assert.equal(typeof (await response.json()).access_token, 'string', how);
  } finally {
    await emulator.close();
  }
}

(async () => {
  const dist = path.join(__dirname, '..', 'dist');
  await exercise(require(path.join(dist, 'index.cjs')), 'require');
  await exercise(await import(pathToFileURL(path.join(dist, 'index.js')).href), 'import');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
