// Serves the BUILT shop (.next/) for the browser test: Next's production server, what `next start`
// runs, in a child process of the test file, on 127.0.0.1 at the port in PORT. The test gives it
// the drop-in's NODE_OPTIONS, as a developer does to `npm start`. It tells its parent when it is
// ready and exits as soon as its parent goes away, so no server outlives the test.
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT);
process.on('disconnect', () => process.exit(0));

const app = next({ dev: false, dir, hostname: '127.0.0.1', port });
await app.prepare();
const handle = app.getRequestHandler();
createServer((request, response) => void handle(request, response)).listen(port, '127.0.0.1', () =>
  process.send?.('ready'),
);
