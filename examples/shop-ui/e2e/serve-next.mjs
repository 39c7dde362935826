// Serves a BUILT Next shop (the .next/ of the folder in SHOP_DIR) for browser tests and
// benchmarks: Next's production server, what `next start` runs, in a child process of the test
// (next-server.mjs), on 127.0.0.1 at the port in PORT. It tells its parent when it is ready and
// exits as soon as its parent goes away, so no server outlives the test.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.SHOP_DIR;
if (!dir) throw new Error('serve-next.mjs needs SHOP_DIR, the folder of the built shop');
const port = Number(process.env.PORT);
process.on('disconnect', () => process.exit(0));

// The shop's own Next.js, whichever version it installs.
const nextEntry = createRequire(join(dir, 'package.json')).resolve('next');
const { default: next } = await import(pathToFileURL(nextEntry).href);
const app = next({ dev: false, dir, hostname: '127.0.0.1', port });
await app.prepare();
const handle = app.getRequestHandler();
createServer((request, response) => void handle(request, response)).listen(port, '127.0.0.1', () =>
  process.send?.('ready'),
);
