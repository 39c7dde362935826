/**
 * What the Chromium profile the emulator's README tells a developer to open trusts, launched with
 * exactly the flags the drop-in prints: the drop-in's own hosts, and not another site that serves
 * a certificate of its own with the drop-in authority's public certificate (`ca.pem`) appended.
 * Chromium's `--ignore-certificate-errors-spki-list` accepts any chain in which some certificate
 * carries a listed key, checking neither signatures nor names; the drop-in lists its server key,
 * which no public file carries. No built shop is needed.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:https';
import { webcrypto } from 'node:crypto';
import { startEmulator, type Emulator } from '@vitrine/emulator';
import { assertChromium, launchChromium } from '@vitrine/shop-ui/e2e/chromium';
import * as x509 from '@peculiar/x509';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type DropInEmulator = Emulator & { dropIn: NonNullable<Emulator['dropIn']> };

let root: string;
let emulator: DropInEmulator;
let hostile: Server;
let hostileUrl: string;

/**
 * A TLS server for `localhost` on a free port, with a self-signed certificate of its own key and
 * the drop-in's public `ca.pem` appended to its chain: what anyone could build from public files.
 */
async function startHostileServer(caCertificate: string): Promise<Server> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      name: 'CN=localhost',
      keys,
      signingAlgorithm: algorithm,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }])],
    },
    webcrypto as Crypto,
  );
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64')}\n-----END PRIVATE KEY-----\n`;
  const server = createServer(
    { key, cert: `${certificate.toString('pem')}\n${caCertificate}` },
    (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<title>not the drop-in</title><h1>hostile page</h1>');
    },
  );
  server.on('tlsClientError', () => undefined); // Chromium hanging up on it is the point
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Opens `url` in a new page of `browser`: the answer's status, or Chromium's network error. */
async function visit(browser: Browser, url: string): Promise<{ status?: number; error?: string }> {
  const page = await browser.newPage();
  try {
    const response = await page.goto(url, { timeout: 15_000 });
    return { status: response?.status() ?? 0 };
  } catch (error) {
    return { error: /net::ERR_[A-Z_]+/.exec(String(error))?.[0] ?? String(error) };
  } finally {
    await page.close();
  }
}

/** A seeded product picture's path on the media host. */
async function seededPicturePath(): Promise<string> {
  const token = await fetch(`${emulator.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: emulator.clientId, grantType: 'anonymous' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const page = await fetch(`${emulator.url}/stores-reader/v1/products/query-platformized`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.access_token },
    body: JSON.stringify({ query: { paging: { limit: 1 } } }),
  }).then(
    (r) =>
      r.json() as Promise<{ products: { media: { mainMedia: { image: { url: string } } } }[] }>,
  );
  const url = new URL(page.products[0]!.media.mainMedia.image.url);
  return url.pathname;
}

beforeAll(async () => {
  assertChromium();
  root = mkdtempSync(join(tmpdir(), 'drop-in-trust-'));
  emulator = (await startEmulator({
    port: 0,
    dropIn: { port: 0, directory: join(root, 'drop-in') },
  })) as DropInEmulator;
  hostile = await startHostileServer(emulator.dropIn.caCertificate);
  hostileUrl = `https://localhost:${(hostile.address() as AddressInfo).port}/`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => hostile?.close(resolve));
  await emulator?.close();
  if (root) rmSync(root, { recursive: true, force: true });
}, 30_000);

describe("the drop-in's Chromium profile", () => {
  it("loads the drop-in's own hosts and refuses another site whose chain carries the public ca.pem", async () => {
    const browser = await launchChromium(emulator.dropIn.chromiumArgs);
    try {
      const picture = await visit(
        browser,
        `https://static.wixstatic.com${await seededPicturePath()}`,
      );
      expect(picture).toEqual({ status: 200 });
      for (const host of ['www.wixapis.com', 'edge.wixapis.com', 'readonly.wixapis.com'])
        // No route there for a GET of `/`: the emulator's own 404, over a trusted connection.
        expect(await visit(browser, `https://${host}/`), host).toEqual({ status: 404 });
      expect(await visit(browser, hostileUrl)).toEqual({
        error: 'net::ERR_CERT_AUTHORITY_INVALID',
      });
    } finally {
      await browser.close();
    }
  });

  it("would load that site if the flag named the authority's key, as it once did (the hole the server key closes)", async () => {
    const authorityPinned = emulator.dropIn.chromiumArgs.map((flag) =>
      flag.startsWith('--ignore-certificate-errors-spki-list=')
        ? `--ignore-certificate-errors-spki-list=${emulator.dropIn.caSpkiSha256}`
        : flag,
    );
    const browser = await launchChromium(authorityPinned);
    try {
      expect(await visit(browser, hostileUrl)).toEqual({ status: 200 });
    } finally {
      await browser.close();
    }
  });
});
