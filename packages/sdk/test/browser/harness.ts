/**
 * The SDK in a real browser: the source bundled by esbuild into `window.vitrine`, served with a
 * blank page from 127.0.0.1 (port 0), a fresh emulator that registers that origin's redirect
 * URIs, and Debian's Chromium through playwright-core. For what jsdom cannot do: frames that
 * post messages the browser trusts, and tabs that share storage and Web Locks.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../../scripts/chromium-flags.mjs';

export const CLIENT_ID = 'sdk-browser-tests';

/** A page origin, its emulator and a browser; `close()` stops all three. */
export interface BrowserRig {
  origin: string;
  emulator: Emulator;
  browser: Browser;
  /** Every request the emulator saw, as its log lines (method, path, status). */
  platformLog: string[];
  close(): Promise<void>;
}

/** Starts the page server, the emulator and Chromium. */
export async function startBrowserRig(): Promise<BrowserRig> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: \`apt-get install -y chromium\` (never downloaded). Set CHROMIUM_PATH to use another.`,
    );
  }
  const bundle = await build({
    entryPoints: [join(dirname(fileURLToPath(import.meta.url)), '../../src/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'vitrine',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>SDK</title><script src="/sdk.js"></script>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const platformLog: string[] = [];
  const emulator = await startEmulator({
    port: 0,
    clients: [{ clientId: CLIENT_ID, redirectUris: [`${origin}/`, `${origin}/callback`] }],
    logger: (line) => platformLog.push(line),
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core gives each launch a fresh temporary --user-data-dir of its own.
    args: [...CHROMIUM_ARGS],
  });
  return {
    origin,
    emulator,
    browser,
    platformLog,
    async close() {
      await browser.close();
      await emulator.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
