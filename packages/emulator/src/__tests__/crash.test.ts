/**
 * `kill -9` while writes are in flight: every write the emulator acknowledged is in the data file
 * after a restart, the file parses, and the temporary files the killed process left are removed at
 * start. The emulator runs as a real child process (the CLI, bundled from source for the test).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORES_APP_ID } from '../index.js';
import { call, start, visitor, tempDir } from './helpers.js';
import type { Emulator } from '../index.js';

const here = dirname(fileURLToPath(import.meta.url));
let workDir = '';
let cli = '';

beforeAll(async () => {
  workDir = await tempDir('vitrine-crash-');
  cli = join(workDir, 'cli.mjs');
  await build({
    entryPoints: [join(here, '..', 'cli.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
}, 60_000);

/** Starts the CLI on a free port with a data file; resolves with the process and its URL. */
function spawnEmulator(data: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', data, '--quiet'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
    child.once('error', reject);
  });
}

/** Enough of an `Emulator` for the helpers to talk to a child process. */
function remote(url: string): Emulator {
  return { url, clientId: 'vitrine-local-client' } as Emulator;
}

describe('crash safety', () => {
  it('keeps every acknowledged write across three kill -9 mid-write, and cleans up', async () => {
    const data = join(workDir, 'state', 'state.json');
    let token = '';
    let productId = '';
    let acknowledged = 0;
    for (let round = 0; round < 3; round += 1) {
      const { child, url } = await spawnEmulator(data);
      const emu = remote(url);
      if (round === 0) {
        token = (await visitor(emu)).access_token;
        const query = await call(emu, 'POST', '/stores-reader/v1/products/query-platformized', {
          token,
          body: { query: { filter: { manageVariants: false } } },
        });
        productId = query.body.products[0].id;
      }
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // 150 concurrent +1 adds; the kill comes after the 60th answer, with the rest in flight.
      let answered = 0;
      await Promise.allSettled(
        Array.from({ length: 150 }, async () => {
          const reply = await call(emu, 'POST', '/ecom/v1/carts/current/add-to-cart', {
            token,
            body: {
              lineItems: [
                {
                  catalogReference: { catalogItemId: productId, appId: STORES_APP_ID },
                  quantity: 1,
                },
              ],
            },
          });
          if (reply.status === 200) {
            acknowledged += 1;
            answered += 1;
            if (answered === 60) child.kill('SIGKILL');
          }
        }),
      );
      if (answered < 60) child.kill('SIGKILL');
      await exited;
      // A temporary file of the dead process, as a kill between write and rename leaves one.
      await writeFile(`${data}.${child.pid}.999.tmp`, '{"torn":');
    }

    const restarted = await start({ data });
    const cart = await call(restarted, 'GET', '/ecom/v1/carts/current', { token });
    expect(cart.status).toBe(200);
    expect(cart.body.cart.lineItems[0].quantity).toBeGreaterThanOrEqual(acknowledged);
    expect(acknowledged).toBeGreaterThanOrEqual(180);
    expect(await readdir(dirname(data))).toEqual(['state.json']);
    expect(JSON.parse(await readFile(data, 'utf8'))).toMatchObject({ version: 1 });
  }, 120_000);
});
