import { execFile } from 'node:child_process';
import type { KeyObject } from 'node:crypto';
import { X509Certificate, createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  readFileSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadOrCreateAuthority } from '../drop-in/authority.js';
import { issueCertificate, newKeyPair } from '../drop-in/certificate.js';
import { withPlatformMediaUrls } from '../drop-in/media-urls.js';
import type { Emulator } from '../index.js';
import {
  DROP_IN_HOSTS,
  STORES_APP_ID,
  encodeDotR,
  isDropInError,
  removeDropIn,
  startEmulator,
} from '../index.js';
import { dropInDirectory, handshake, platformRequest, rawTls } from './drop-in-helpers.js';
import { start, visitor } from './helpers.js';
import { rawRequest } from './raw-http.js';

const run = promisify(execFile);
const POSIX = process.platform !== 'win32';
const ANONYMOUS = JSON.stringify({ clientId: 'vitrine-local-client', grantType: 'anonymous' });
const JSON_HEADERS = { 'content-type': 'application/json' };

async function dropInEmulator(
  catalog: 'v1' | 'v3' = 'v1',
): Promise<Emulator & { dropIn: NonNullable<Emulator['dropIn']> }> {
  const emulator = await start({ catalog, dropIn: { directory: dropInDirectory() } });
  return emulator as Emulator & { dropIn: NonNullable<Emulator['dropIn']> };
}

/** A certificate the drop-in's authority signs for `names` (and `addresses`). */
async function signedBy(directory: string, names: string[], addresses: string[] = []) {
  const authority = await loadOrCreateAuthority(directory, DROP_IN_HOSTS);
  const { publicKey, privateKey } = newKeyPair();
  const certificate = await issueCertificate({
    role: 'server',
    subject: names[0] ?? 'no name',
    names,
    addresses,
    publicKey,
    issuer: authority,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
  });
  return {
    chain: `${certificate}${authority.certificate}`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    ca: authority.certificate,
  };
}

describe('drop-in', () => {
  describe('certificate authority', () => {
    it("is limited by name constraints: Node's TLS refuses what it signs for any other name or an address", async () => {
      const directory = dropInDirectory();
      await start({ dropIn: { directory } }); // makes the authority, as a user's first start does
      for (const host of DROP_IN_HOSTS) {
        const good = await signedBy(directory, [host]);
        expect(await handshake(good.chain, good.key, host, good.ca), host).toBe('trusted');
      }
      for (const name of [
        'example.com',
        'wixapis.com',
        'evilwww.wixapis.com',
        'www.wixapis.com.example.com',
        'static.wixstatic.com.example.com',
        'localhost',
      ]) {
        const bad = await signedBy(directory, [name]);
        expect(await handshake(bad.chain, bad.key, name, bad.ca), name).toBe(
          'permitted subtree violation',
        );
      }
      // An address in the certificate (iPAddress 127.0.0.1): excluded outright.
      const address = await signedBy(directory, [], ['127.0.0.1']);
      expect(await handshake(address.chain, address.key, '127.0.0.1', address.ca)).toBe(
        'excluded subtree violation',
      );
    });

    it('keeps its keys readable by their owner only, and the same authority and server key from one start to the next', async () => {
      const directory = dropInDirectory();
      const first = await startEmulator({ dropIn: { directory } });
      const { caSpkiSha256, serverSpkiSha256 } = first.dropIn!;
      expect(first.dropIn!).toMatchObject({ caCreated: true, serverKeyCreated: true });
      await first.close();
      if (POSIX) {
        expect(statSync(directory).mode & 0o777).toBe(0o700);
        expect(statSync(join(directory, 'ca-key.pem')).mode & 0o777).toBe(0o600);
        expect(statSync(join(directory, 'server-key.pem')).mode & 0o777).toBe(0o600);
      }
      const ca = new X509Certificate(readFileSync(join(directory, 'ca.pem')));
      expect(ca.ca).toBe(true);
      const second = await start({ dropIn: { directory } });
      expect(second.dropIn!).toMatchObject({
        caCreated: false,
        serverKeyCreated: false,
        caSpkiSha256,
        serverSpkiSha256,
      });
      expect(serverSpkiSha256).not.toBe(caSpkiSha256);
    });

    it("has Chromium accept the drop-in's server key, never the authority's (regression: the flag named the authority, whose public certificate anyone can append to a chain)", async () => {
      const emulator = await dropInEmulator();
      const { chromiumArgs, serverSpkiSha256, caSpkiSha256, caCertificate } = emulator.dropIn;
      const pins = chromiumArgs.filter((a) =>
        a.startsWith('--ignore-certificate-errors-spki-list='),
      );
      expect(pins).toEqual([`--ignore-certificate-errors-spki-list=${serverSpkiSha256}`]);
      expect(pins.join()).not.toContain(caSpkiSha256);
      // The key the flag names is the one the listener presents, and no public file carries it.
      const presented = await new Promise<X509Certificate>((resolve, reject) => {
        const socket = tlsConnect(
          {
            host: '127.0.0.1',
            port: emulator.dropIn.port,
            servername: 'www.wixapis.com',
            ca: caCertificate,
          },
          () => {
            resolve(new X509Certificate(socket.getPeerCertificate().raw));
            socket.destroy();
          },
        );
        socket.on('error', reject);
      });
      const spki = (key: KeyObject) =>
        createHash('sha256')
          .update(key.export({ type: 'spki', format: 'der' }))
          .digest('base64');
      expect(spki(presented.publicKey)).toBe(serverSpkiSha256);
      expect(presented.checkIssued(new X509Certificate(caCertificate))).toBe(true);
      for (const file of ['ca.pem', 'drop-in.json'])
        expect(readFileSync(join(emulator.dropIn.directory, file), 'utf8')).not.toContain(
          presented.publicKey.export({ type: 'spki', format: 'pem' }).toString().split('\n')[1],
        );
    });

    it.runIf(POSIX)(
      'refuses a key open to other users, or a link, without reading it',
      async () => {
        for (const file of ['ca-key.pem', 'server-key.pem']) {
          const directory = dropInDirectory();
          await (await startEmulator({ dropIn: { directory } })).close();
          const key = join(directory, file);
          chmodSync(key, 0o644);
          const open = await startEmulator({ dropIn: { directory } }).catch((e: unknown) => e);
          expect(isDropInError(open), file).toBe(true);
          expect(String(open)).toContain('open to other users');
          chmodSync(key, 0o600);
          renameSync(key, `${key}.real`);
          symlinkSync(`${key}.real`, key);
          const link = await startEmulator({ dropIn: { directory } }).catch((e: unknown) => e);
          expect(isDropInError(link), file).toBe(true);
          expect(String(link)).not.toContain('PRIVATE KEY');
        }
      },
    );

    it('makes a new authority when the one kept is broken', async () => {
      const directory = dropInDirectory();
      const first = await startEmulator({ dropIn: { directory } });
      const spki = first.dropIn!.caSpkiSha256;
      await first.close();
      writeFileSync(join(directory, 'ca.pem'), 'not a certificate');
      const second = await start({ dropIn: { directory } });
      expect(second.dropIn!.caCreated).toBe(true);
      expect(second.dropIn!.caSpkiSha256).not.toBe(spki);
    });
  });

  describe('routing from Node (NODE_OPTIONS=--import=…node-hook.mjs)', () => {
    it("routes the platform's names to the emulator in a new process, and nothing else", async () => {
      const emulator = await dropInEmulator();
      const script = `
        const out = {};
        const token = await fetch('https://www.wixapis.com/oauth2/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(ANONYMOUS)} });
        out.token = token.status;
        const auth = (await token.json()).access_token;
        const query = Buffer.from(JSON.stringify({ query: { paging: { limit: 1 } } })).toString('base64url');
        const products = await fetch('https://edge.wixapis.com/stores-reader/v1/products/query-platformized?.r=' + query, { headers: { authorization: auth } });
        out.products = products.status;
        out.image = (await products.json()).products[0].media.mainMedia.image.url;
        const image = await fetch(out.image);
        out.imageStatus = image.status;
        out.imageType = image.headers.get('content-type');
        const dns = await import('node:dns');
        out.lookup = await dns.promises.lookup('static.wixstatic.com', { all: true });
        out.localhost = (await dns.promises.lookup('localhost')).address;
        out.plain = await fetch('http://www.wixapis.com/oauth2/token').then(() => 'answered', (e) => e.cause?.code);
        out.own = (await fetch(${JSON.stringify(`${emulator.url}/_emulator`)})).status;
        console.log(JSON.stringify(out));
      `;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, NODE_OPTIONS: emulator.dropIn.nodeOptions },
        timeout: 20_000,
      });
      const out = JSON.parse(stdout);
      expect(out).toMatchObject({ token: 200, products: 200, imageStatus: 200, own: 200 });
      expect(out.image).toMatch(/^https:\/\/static\.wixstatic\.com\/media\/[\w.~-]+$/);
      expect(out.imageType).toBe('image/webp');
      expect(out.lookup).toEqual([{ address: '3fff::1', family: 6 }]);
      expect(['127.0.0.1', '::1']).toContain(out.localhost);
      expect(out.plain).toBe('ECONNREFUSED');
    });

    it("adds nothing to the process's trust: a connection it does not route does not trust the authority", async () => {
      const emulator = await dropInEmulator();
      const script = `
        const tls = await import('node:tls');
        const ca = ${JSON.stringify(emulator.dropIn.caCertificate.trim())};
        const inStore = tls.rootCertificates.includes(ca);
        // The drop-in's own listener under another name: trusted, the failure would be the name.
        const verdict = await new Promise((resolve) => {
          const socket = tls.connect({ host: '127.0.0.1', port: ${emulator.dropIn.port}, servername: 'localhost' });
          socket.on('secureConnect', () => { socket.destroy(); resolve('trusted'); });
          socket.on('error', (e) => resolve(e.code));
        });
        console.log(JSON.stringify({ inStore, verdict, extra: process.env.NODE_EXTRA_CA_CERTS ?? null }));
      `;
      const { NODE_EXTRA_CA_CERTS: _unset, ...env } = process.env;
      const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...env, NODE_OPTIONS: emulator.dropIn.nodeOptions },
        timeout: 20_000,
      });
      expect(JSON.parse(stdout)).toEqual({
        inStore: false,
        verdict: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
        extra: null,
      });
    });

    it('fails with a clear message when its configuration is missing', async () => {
      const emulator = await dropInEmulator();
      const config = join(emulator.dropIn.directory, 'drop-in.json');
      renameSync(config, `${config}.away`);
      const result = await run(process.execPath, ['-e', '0'], {
        env: { ...process.env, NODE_OPTIONS: emulator.dropIn.nodeOptions },
      }).catch((e: { stderr: string }) => e);
      renameSync(`${config}.away`, config);
      expect(result.stderr).toContain('drop-in.json is missing');
      expect(result.stderr).toContain('--drop-in');
    });
  });

  describe('hosts', () => {
    it("accepts the platform's names only through the drop-in, and only them there (421)", async () => {
      const emulator = await dropInEmulator();
      for (const host of DROP_IN_HOSTS) {
        const own = await rawRequest(
          emulator,
          `GET /v2/collections/x HTTP/1.1\r\nHost: ${host}\r\nConnection: close`,
        );
        expect(own.status, host).toBe(421);
      }
      for (const hostHeader of ['localhost', '127.0.0.1', 'evil.example', 'wixapis.com']) {
        const reply = await platformRequest(emulator.dropIn, 'www.wixapis.com', '/oauth2/token', {
          method: 'POST',
          headers: JSON_HEADERS,
          body: ANONYMOUS,
          hostHeader,
        });
        expect(reply.status, hostHeader).toBe(421);
        expect(JSON.parse(reply.text).details.applicationError.code).toBe('MISDIRECTED_REQUEST');
      }
    });

    it('serves on each platform host what the platform serves there', async () => {
      const emulator = await dropInEmulator();
      const media = await platformRequest(
        emulator.dropIn,
        'static.wixstatic.com',
        '/media/mug.svg',
      );
      expect(media.status).toBe(200);
      expect(media.headers['content-type']).toBe('image/svg+xml');
      // A seeded picture, at the sized path the official client's image helpers build.
      const sized = await platformRequest(
        emulator.dropIn,
        'static.wixstatic.com',
        '/media/stoneware-mug.webp/v1/fill/w_640,h_640,al_c,q_80/stoneware-mug.webp',
      );
      expect(sized.status).toBe(200);
      expect(sized.headers['content-type']).toBe('image/webp');
      expect(sized.headers['x-content-type-options']).toBe('nosniff');
      const token = await platformRequest(emulator.dropIn, 'www.wixapis.com', '/oauth2/token', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: ANONYMOUS,
      });
      expect(token.status).toBe(200);
      for (const [host, path, method] of [
        ['static.wixstatic.com', '/oauth2/token', 'POST'],
        ['static.wixstatic.com', '/_emulator', 'GET'],
        ['static.wixstatic.com', '/media/mug.svg', 'DELETE'],
        ['www.wixapis.com', '/media/mug.svg', 'GET'],
        ['edge.wixapis.com', '/_emulator/state', 'GET'],
        ['www.wixapis.com', '/_emulator/reset', 'POST'],
        ['www.wixapis.com', '/oauth2/authorize', 'GET'],
        ['www.wixapis.com', '/checkout', 'GET'],
      ] as const) {
        const reply = await platformRequest(emulator.dropIn, host, path, { method });
        expect(reply.status, `${method} ${host}${path}`).toBe(404);
        expect(JSON.parse(reply.text).details.applicationError.code).toBe('NOT_FOUND');
      }
    });

    it('serves a Catalog V3 storefront on edge.wixapis.com: list, open by slug, add by variantId, check out', async () => {
      const emulator = await dropInEmulator('v3');
      const edge = (path: string, options: Parameters<typeof platformRequest>[3] = {}) =>
        platformRequest(emulator.dropIn, 'edge.wixapis.com', path, options);
      const token = await platformRequest(emulator.dropIn, 'www.wixapis.com', '/oauth2/token', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: ANONYMOUS,
      });
      const auth = { authorization: JSON.parse(token.text).access_token as string };
      const listed = await edge(
        `/stores/v3/products/query?.r=${encodeDotR({ query: { cursorPaging: { limit: 5 } } })}`,
        { headers: auth },
      );
      expect(listed.status).toBe(200);
      expect(JSON.parse(listed.text).products).toHaveLength(5);
      const opened = await edge('/stores/v3/products/slug/classic-crew-tee?slug=classic-crew-tee', {
        headers: auth,
      });
      const product = JSON.parse(opened.text).product;
      const variantId = product.variantsInfo.variants[0].id as string;
      const added = await edge('/ecom/v1/carts/current/add-to-cart', {
        method: 'POST',
        headers: { ...auth, ...JSON_HEADERS },
        body: JSON.stringify({
          lineItems: [
            {
              quantity: 1,
              catalogReference: {
                appId: STORES_APP_ID,
                catalogItemId: product.id,
                options: { variantId },
              },
            },
          ],
        }),
      });
      expect(added.status).toBe(200);
      const checkout = await edge('/ecom/v1/carts/current/create-checkout', {
        method: 'POST',
        headers: { ...auth, ...JSON_HEADERS },
        body: '{}',
      });
      const session = await edge('/_api/redirects-api/v1/redirect-session', {
        method: 'POST',
        headers: { ...auth, ...JSON_HEADERS },
        body: JSON.stringify({
          ecomCheckout: { checkoutId: JSON.parse(checkout.text).checkoutId },
          callbacks: { postFlowUrl: 'http://localhost:3000/' },
        }),
      });
      const page = await fetch(JSON.parse(session.text).redirectSession.fullUrl as string);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Classic Crew Tee');
    });

    it("names media by the platform's media host behind the drop-in, and by its own URL otherwise", async () => {
      const emulator = await dropInEmulator();
      const { access_token } = await visitor(emulator);
      const body = JSON.stringify({ query: { paging: { limit: 3 } } });
      const path = '/stores-reader/v1/products/query-platformized';
      const through = await platformRequest(emulator.dropIn, 'edge.wixapis.com', path, {
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: access_token },
        body,
      });
      const own = await fetch(`${emulator.url}${path}`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, authorization: access_token },
        body,
      }).then((r) => r.text());
      const urls = (text: string) =>
        [...text.matchAll(/"(https?:\/\/[^"/]+)\/media\//g)].map((m) => m[1]);
      expect(new Set(urls(through.text))).toEqual(new Set(['https://static.wixstatic.com']));
      expect(new Set(urls(own))).toEqual(new Set([emulator.url]));
      expect(through.text).toBe(withPlatformMediaUrls(own, emulator.url));
    });

    it('moves only strings that start with its media URL', () => {
      const base = 'http://127.0.0.1:4010';
      expect(
        withPlatformMediaUrls(
          JSON.stringify({
            a: `${base}/media/x.svg`,
            b: `see ${base}/media/x.svg`,
            c: `${base}/x`,
          }),
          base,
        ),
      ).toBe(
        JSON.stringify({
          a: 'https://static.wixstatic.com/media/x.svg',
          b: `see ${base}/media/x.svg`,
          c: `${base}/x`,
        }),
      );
    });
  });

  describe('hostile input through the drop-in', () => {
    it('answers in the platform shape, never 5xx', async () => {
      const emulator = await dropInEmulator();
      const malformed = await platformRequest(emulator.dropIn, 'www.wixapis.com', '/oauth2/token', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: '{"clientId":',
      });
      expect(malformed.status).toBe(400);
      const huge = await platformRequest(emulator.dropIn, 'www.wixapis.com', '/v2/collections/x', {
        headers: { authorization: 'a'.repeat(64 * 1024) },
      });
      expect(huge.status).toBe(431);
      expect(JSON.parse(huge.text).details.applicationError.code).toBe(
        'REQUEST_HEADER_FIELDS_TOO_LARGE',
      );
      const garbage = await rawTls(emulator.dropIn, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
      const noHost = await rawTls(emulator.dropIn, 'GET /v2/collections/x HTTP/1.1\r\n\r\n');
      expect(noHost).toMatch(/^HTTP\/1\.1 400 /);
      const unknownToken = await platformRequest(
        emulator.dropIn,
        'edge.wixapis.com',
        '/ecom/v1/carts/current',
        {
          headers: { authorization: 'at_forged' },
        },
      );
      expect(unknownToken.status).toBe(401);
    });
  });

  describe('lifecycle', () => {
    it('stops with the emulator: its port is free afterwards', async () => {
      const emulator = await startEmulator({ dropIn: { directory: dropInDirectory() } });
      const { port } = emulator.dropIn!;
      await emulator.close();
      const probe = createServer();
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => probe.close(resolve));
    });

    it('never shows its keys: not in the handle, the state dump or a log line', async () => {
      const lines: string[] = [];
      const directory = dropInDirectory();
      const emulator = await start({ dropIn: { directory }, logger: (l) => lines.push(l) });
      const bodies = ['ca-key.pem', 'server-key.pem'].map(
        (file) => readFileSync(join(directory, file), 'utf8').split('\n')[1]!,
      );
      await platformRequest(emulator.dropIn!, 'www.wixapis.com', '/oauth2/token', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: ANONYMOUS,
      });
      for (const text of [
        JSON.stringify(emulator.dropIn),
        JSON.stringify(emulator.dumpState()),
        lines.join('\n'),
        readFileSync(join(directory, 'drop-in.json'), 'utf8'),
      ])
        for (const body of bodies) expect(text).not.toContain(body);
      expect(lines.some((l) => l.startsWith('POST /oauth2/token 200'))).toBe(true);
    });

    it('is undone by removeDropIn: its files go, anything else stays', async () => {
      const directory = dropInDirectory();
      await (await startEmulator({ dropIn: { directory } })).close();
      const removed = removeDropIn({ directory });
      expect(removed.map((p) => p.slice(directory.length + 1)).sort()).toEqual([
        'ca-key.pem',
        'ca.pem',
        'drop-in.json',
        'node-hook.mjs',
        'route-platform-hosts.mjs',
        'server-key.pem',
      ]);
      expect(existsSync(directory)).toBe(false);
      expect(existsSync(dirname(directory))).toBe(false); // the empty vitrine-emulator folder too
      await (await startEmulator({ dropIn: { directory } })).close();
      writeFileSync(join(directory, 'mine.txt'), 'not the drop-in’s');
      removeDropIn({ directory });
      expect(readFileSync(join(directory, 'mine.txt'), 'utf8')).toBe('not the drop-in’s');
      expect(removeDropIn({ directory })).toEqual([]);
    });

    it.runIf(POSIX)(
      'refuses to remove through a linked folder, as a start refuses one (regression: it deleted the keys in the folder the link pointed to)',
      async () => {
        const directory = dropInDirectory();
        await (await startEmulator({ dropIn: { directory } })).close();
        const link = join(dirname(directory), 'linked');
        symlinkSync(directory, link);
        const started = await startEmulator({ dropIn: { directory: link } }).catch((e) => e);
        const removal = (() => {
          try {
            return removeDropIn({ directory: link });
          } catch (error) {
            return error;
          }
        })();
        expect(isDropInError(removal)).toBe(true);
        expect(String(removal)).toBe(String(started));
        expect(String(removal)).toContain(`${link} must be a directory, not a link or a file`);
        for (const file of ['ca-key.pem', 'ca.pem', 'server-key.pem', 'drop-in.json'])
          expect(existsSync(join(directory, file)), file).toBe(true);
      },
    );

    it('refuses a bad port', async () => {
      await expect(startEmulator({ dropIn: { port: 70_000 } })).rejects.toThrow(RangeError);
    });
  });
});
