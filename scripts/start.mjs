// `npm start`: builds what the storefront needs, starts the emulator and the storefront together,
// and prints the address to open. Ctrl-C stops both. `npm start -- --catalog v3` starts a
// Catalog V3 store (the emulator's default is Catalog V1); the storefront is the same build on
// either, and asks the store which catalog it runs.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  announceAndStopOnSignal,
  buildOrExit,
  root,
  startEmulatorOrExit,
  startOptionsOrExit,
} from './start-shared.mjs';

const { catalog } = startOptionsOrExit('npm start');

const storefrontDir = join(root, 'examples', 'storefront');
const STOREFRONT_PORT = Number(process.env.VITRINE_STOREFRONT_PORT ?? 4173);

buildOrExit('@vitrine/storefront', 'the storefront');

const { startEmulator } = await import('@vitrine/emulator');
// Vite is the storefront's own dependency: resolve it from there.
const requireFromStorefront = createRequire(join(storefrontDir, 'package.json'));
const { preview } = await import(pathToFileURL(requireFromStorefront.resolve('vite')).href);

const emulator = await startEmulatorOrExit(startEmulator, { catalog });

let storefront;
try {
  storefront = await preview({
    root: storefrontDir,
    logLevel: 'warn',
    preview: { port: STOREFRONT_PORT, strictPort: true, host: '127.0.0.1', open: false },
  });
} catch (error) {
  console.error(`Could not start the storefront on port ${STOREFRONT_PORT}: ${error.message}`);
  await emulator.close();
  process.exit(1);
}

announceAndStopOnSignal({
  title: 'Vitrine',
  open: { label: 'Open the storefront:', url: `http://127.0.0.1:${STOREFRONT_PORT}/` },
  emulator,
  extra: [
    [
      'Catalog:',
      catalog === 'v3'
        ? 'Catalog V3 (--catalog v3)'
        : 'Catalog V1 (npm start -- --catalog v3 for V3)',
    ],
  ],
  stop: () => Promise.allSettled([emulator.close(), storefront.close()]),
});
