import dns from 'node:dns';
import { get } from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_ADDRESS,
  parseRoute,
  routePlatformHosts,
} from '../../drop-in/route-platform-hosts.mjs';
import type { Emulator } from '../index.js';
import { DROP_IN_HOSTS } from '../index.js';
import { dropInDirectory } from './drop-in-helpers.js';
import { start } from './helpers.js';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

async function routed(): Promise<NonNullable<Emulator['dropIn']>> {
  const emulator = await start({ dropIn: { directory: dropInDirectory() } });
  const dropIn = emulator.dropIn!;
  restore = routePlatformHosts({
    hosts: DROP_IN_HOSTS,
    port: dropIn.port,
    ca: dropIn.caCertificate,
  });
  return dropIn;
}

function failure(socket: net.Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code));
    socket.on('connect', () => {
      socket.destroy();
      resolve('connected');
    });
  });
}

describe('drop-in Node hook (route-platform-hosts.mjs)', () => {
  describe('parseRoute', () => {
    it('names the field that is wrong', () => {
      const ca = '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n';
      expect(() => parseRoute({ hosts: ['www.wixapis.com'], port: 4443, ca })).not.toThrow();
      for (const [route, field] of [
        [null, 'hosts'],
        [{ hosts: [], port: 4443, ca }, 'hosts'],
        [{ hosts: ['WWW.wixapis.com'], port: 4443, ca }, 'hosts'],
        [{ hosts: ['127.0.0.1'], port: 4443, ca }, 'hosts'],
        [{ hosts: ['www.wixapis.com'], port: 0, ca }, 'port'],
        [{ hosts: ['www.wixapis.com'], port: '4443', ca }, 'port'],
        [{ hosts: ['www.wixapis.com'], port: 4443, ca: 'not pem' }, 'ca'],
      ] as const) {
        expect(() => parseRoute(route), JSON.stringify(route)).toThrow(
          new RegExp(`^${field} must`),
        );
      }
    });
  });

  describe('routePlatformHosts', () => {
    it('routes https.get of the media host (what Next.js image optimizer uses) to the drop-in', async () => {
      await routed();
      const status = await new Promise<number | undefined>((resolve, reject) =>
        get('https://static.wixstatic.com/media/mug.svg', (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject),
      );
      expect(status).toBe(200);
    });

    it('answers lookups of the routed names with the placeholder, and only of them', async () => {
      await routed();
      expect(await dns.promises.lookup('www.wixapis.com')).toEqual({
        address: PLACEHOLDER_ADDRESS,
        family: 6,
      });
      await expect(dns.promises.lookup('edge.wixapis.com', { family: 4 })).rejects.toMatchObject({
        code: 'ENOTFOUND',
      });
      const viaCallback = await new Promise((resolve) =>
        dns.lookup('static.wixstatic.com', { all: true }, (_error, addresses) =>
          resolve(addresses),
        ),
      );
      expect(viaCallback).toEqual([{ address: PLACEHOLDER_ADDRESS, family: 6 }]);
      expect(['127.0.0.1', '::1']).toContain((await dns.promises.lookup('localhost')).address);
    });

    it('refuses plain connections to the routed names and the placeholder, and other ports', async () => {
      await routed();
      expect(await failure(net.connect(80, 'www.wixapis.com'))).toBe('ECONNREFUSED');
      expect(await failure(net.createConnection({ host: PLACEHOLDER_ADDRESS, port: 443 }))).toBe(
        'ECONNREFUSED',
      );
      expect(await failure(tls.connect({ host: 'edge.wixapis.com', port: 8443 }))).toBe(
        'ECONNREFUSED',
      );
    });

    it('leaves every other connection alone, and restores the originals', async () => {
      const originals = [tls.connect, net.connect, net.createConnection, dns.lookup];
      const emulator = await start();
      restore = routePlatformHosts({
        hosts: ['www.wixapis.com'],
        port: 1,
        ca: '-----BEGIN CERTIFICATE-----\n',
      });
      expect(tls.connect).not.toBe(originals[0]);
      const { port } = new URL(emulator.url);
      expect(await failure(net.connect(Number(port), '127.0.0.1'))).toBe('connected');
      restore();
      restore = undefined;
      expect([tls.connect, net.connect, net.createConnection, dns.lookup]).toEqual(originals);
    });
  });
});
