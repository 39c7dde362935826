import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DROP_IN_PORT, USAGE, UsageError, parseCli, runCli } from '../cli/run.js';
import { DEFAULT_REDIRECT_URIS, isDropInError } from '../index.js';
import { dropInDirectory } from './drop-in-helpers.js';
import { authSession, call, pkce } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));

const io = () => {
  const out: string[] = [];
  return {
    out,
    io: { out: (t: string) => void out.push(t), err: (t: string) => void out.push(t) },
  };
};

describe('cli', () => {
  describe('parseCli', () => {
    it('reads every flag', () => {
      const options = parseCli(
        [
          '--port',
          '0',
          '--data',
          's.json',
          '--seed',
          'c.json',
          '--token-ttl',
          '60',
          '--refresh-reuse-grace',
          '0',
          '--api-key',
          'my-secret-key',
          '--open-writes',
          '--allowed-host',
          'devbox.local',
          '--webhook-url',
          'http://127.0.0.1:9/h',
          '--quiet',
        ],
        io().io,
      );
      expect(options).toEqual({
        port: 0,
        data: 's.json',
        seed: 'c.json',
        tokenTtlSeconds: 60,
        refreshReuseGraceSeconds: 0,
        apiKey: 'my-secret-key',
        openWrites: true,
        allowedHosts: ['devbox.local'],
        webhookUrl: 'http://127.0.0.1:9/h',
      });
    });

    it('registers --client-id with the default redirect URIs plus each --redirect-uri', () => {
      const options = parseCli(
        [
          '--client-id',
          'my-shop',
          '--redirect-uri',
          'http://localhost:5174/callback',
          '--redirect-uri',
          'http://localhost:3001/',
          '--quiet',
        ],
        io().io,
      );
      expect(options?.clients).toEqual([
        {
          clientId: 'my-shop',
          redirectUris: [
            ...DEFAULT_REDIRECT_URIS,
            'http://localhost:5174/callback',
            'http://localhost:3001/',
          ],
        },
      ]);
      expect(parseCli(['--quiet'], io().io)?.clients).toBeUndefined();
    });

    it('defaults the port to 4010 and refuses bad values', () => {
      expect(parseCli(['--quiet'], io().io)?.port).toBe(4010);
      for (const argv of [
        ['--port', 'abc'],
        ['--token-ttl', '0'],
        ['--refresh-reuse-grace', '-1'],
        ['--webhook-url', 'ftp://x'],
        ['--redirect-uri', 'localhost:5174/callback'],
        ['--redirect-uri', 'javascript:alert(1)'],
        ['--redirect-uri', 'http://localhost:5174/#x'],
        ['--api-key', 'short'],
        ['--api-key', 'has,a,comma'],
        ['--client-id', ''],
        ['--drop-in-port', '4443'],
        ['--drop-in-dir', '/tmp/x'],
        ['--drop-in', '--drop-in-port', '70000'],
        ['--nope'],
      ]) {
        expect(() => parseCli(argv, io().io), argv.join(' ')).toThrow(UsageError);
      }
    });
  });

  describe('--catalog', () => {
    it('reads v1 and v3, leaves the default to the emulator, and refuses anything else', () => {
      expect(parseCli(['--catalog', 'v3', '--quiet'], io().io)?.catalog).toBe('v3');
      expect(parseCli(['--catalog', 'v1', '--quiet'], io().io)?.catalog).toBe('v1');
      expect(parseCli(['--quiet'], io().io)?.catalog).toBeUndefined();
      expect(() => parseCli(['--catalog', 'v2'], io().io)).toThrow(UsageError);
    });

    it('starts a Catalog V3 store and says so', async () => {
      const { out, io: sink } = io();
      const emulator = await runCli(['--port', '0', '--catalog', 'v3', '--quiet'], sink);
      try {
        expect(out.join('')).toContain('catalog:    Catalog V3');
        const version = await fetch(`${emulator!.url}/stores/v3/provision/version`, {
          headers: { authorization: emulator!.apiKey },
        });
        expect(await version.json()).toEqual({ catalogVersion: 'V3_CATALOG' });
      } finally {
        await emulator?.close();
      }
    });
  });

  describe('runCli', () => {
    it('prints the URL, the client id and where mail is, then logs requests', async () => {
      const { out, io: sink } = io();
      const emulator = await runCli(['--port', '0'], sink);
      try {
        const banner = out.join('');
        expect(banner).toContain(`listening on ${emulator!.url}`);
        expect(banner).toContain('client id:  vitrine-local-client');
        expect(banner).toContain(`${emulator!.url}/_emulator/outbox`);
        expect(banner).not.toContain('vitrine-local-api-key');
        await fetch(`${emulator!.url}/_emulator`);
        expect(out.join('')).toMatch(/GET \/_emulator 200/);
      } finally {
        await emulator?.close();
      }
    });

    it('serves the registered client and redirect URI, and never prints the API key', async () => {
      const { out, io: sink } = io();
      const emulator = await runCli(
        [
          '--port',
          '0',
          '--quiet',
          '--client-id',
          'next-shop',
          '--redirect-uri',
          'http://localhost:3000/callback',
          '--api-key',
          'cli-api-key-123',
        ],
        sink,
      );
      try {
        expect(out.join('')).toContain('client id:  next-shop');
        expect(out.join('')).not.toContain('cli-api-key-123');
        const grant = await call(emulator!, 'POST', '/oauth2/token', {
          body: { clientId: 'next-shop', grantType: 'anonymous' },
        });
        expect(grant.status).toBe(200);
        const session = await authSession(emulator!, grant.body.access_token, {
          challenge: pkce().challenge,
          clientId: 'next-shop',
          redirectUri: 'http://localhost:3000/callback',
        });
        expect(session.status).toBe(200);
        const write = await call(emulator!, 'POST', '/stores/v1/collections', {
          token: 'cli-api-key-123',
          body: { collection: { name: 'From the CLI' } },
        });
        expect(write.status).toBe(200);
      } finally {
        await emulator?.close();
      }
    });

    it('reads --drop-in, its port (4443 by default) and its directory', () => {
      expect(parseCli(['--drop-in', '--quiet'], io().io)?.dropIn).toEqual({
        port: DEFAULT_DROP_IN_PORT,
      });
      expect(
        parseCli(['--drop-in', '--drop-in-port', '0', '--drop-in-dir', 'd', '--quiet'], io().io)
          ?.dropIn,
      ).toEqual({ port: 0, directory: 'd' });
      expect(parseCli(['--quiet'], io().io)?.dropIn).toBeUndefined();
    });

    it('prints what to set for the drop-in, and never its key', async () => {
      const { out, io: sink } = io();
      const directory = dropInDirectory();
      const argv = ['--port', '0', '--quiet', '--drop-in', '--drop-in-port', '0'];
      const emulator = await runCli([...argv, '--drop-in-dir', directory], sink);
      try {
        const banner = out.join('');
        const { port, serverSpkiSha256, caSpkiSha256 } = emulator!.dropIn!;
        expect(banner).toContain(`NODE_OPTIONS=--import=file://${directory}/node-hook.mjs`);
        expect(banner).toContain(
          `'--host-resolver-rules=MAP www.wixapis.com:443 127.0.0.1:${port},`,
        );
        expect(banner).toContain(`MAP static.wixstatic.com:443 127.0.0.1:${port}'`);
        expect(banner).toContain(`--ignore-certificate-errors-spki-list=${serverSpkiSha256}`);
        expect(banner).not.toContain(caSpkiSha256);
        expect(banner).toContain('a profile for this app alone');
        expect(banner).toContain('npx @vitrine/emulator --remove-drop-in');
        for (const file of ['ca-key.pem', 'server-key.pem']) {
          const key = readFileSync(join(directory, file), 'utf8').split('\n')[1]!;
          expect(banner).not.toContain(key);
        }
      } finally {
        await emulator?.close();
      }
    });

    it('undoes the drop-in with --remove-drop-in, starting nothing', async () => {
      const directory = dropInDirectory();
      const started = await runCli(
        ['--port', '0', '--quiet', '--drop-in', '--drop-in-port', '0', '--drop-in-dir', directory],
        io().io,
      );
      await started?.close();
      const { out, io: sink } = io();
      expect(await runCli(['--remove-drop-in', '--drop-in-dir', directory], sink)).toBeUndefined();
      expect(out.join('')).toContain('Removed the drop-in');
      expect(existsSync(directory)).toBe(false);
      const again = io();
      await runCli(['--remove-drop-in', '--drop-in-dir', directory], again.io);
      expect(again.out.join('')).toContain('nothing to remove');
      await expect(runCli(['--remove-drop-in', '--port', '1'], io().io)).rejects.toThrow(
        UsageError,
      );
    });

    it.runIf(process.platform !== 'win32')(
      'refuses --remove-drop-in with a linked --drop-in-dir, as --drop-in refuses it, and removes nothing',
      async () => {
        const directory = dropInDirectory();
        const argv = ['--port', '0', '--quiet', '--drop-in', '--drop-in-port', '0'];
        await (await runCli([...argv, '--drop-in-dir', directory], io().io))?.close();
        const link = join(dirname(directory), 'linked');
        symlinkSync(directory, link);
        const start = await runCli([...argv, '--drop-in-dir', link], io().io).catch((e) => e);
        const removal = await runCli(['--remove-drop-in', '--drop-in-dir', link], io().io).catch(
          (e) => e,
        );
        expect(isDropInError(removal)).toBe(true);
        expect(String(removal)).toBe(String(start));
        expect(existsSync(join(directory, 'ca-key.pem'))).toBe(true);
        expect(existsSync(join(directory, 'server-key.pem'))).toBe(true);
      },
    );

    it('prints usage for --help and starts nothing', async () => {
      const { out, io: sink } = io();
      expect(await runCli(['--help'], sink)).toBeUndefined();
      expect(out.join('')).toBe(USAGE);
    });
  });

  describe('the command users are told to run', () => {
    /** The repository's README files: its root, each package's, each example's and test suite's. */
    function readmes(): string[] {
      const root = join(here, '..', '..', '..', '..');
      const found = [join(root, 'README.md')];
      for (const folder of ['packages', 'examples', 'tests'])
        for (const entry of readdirSync(join(root, folder)))
          if (existsSync(join(root, folder, entry, 'README.md')))
            found.push(join(root, folder, entry, 'README.md'));
      return found;
    }

    it("is npx @vitrine/emulator, the package's own name, in the help, the banner and every README (regression: `npx vitrine-emulator` asks the registry for a package anyone may publish)", async () => {
      expect(USAGE).toMatch(/^Usage: npx @vitrine\/emulator /);
      const { out, io: sink } = io();
      const emulator = await runCli(
        [
          '--port',
          '0',
          '--quiet',
          '--drop-in',
          '--drop-in-port',
          '0',
          '--drop-in-dir',
          dropInDirectory(),
        ],
        sink,
      );
      await emulator?.close();
      expect(out.join('')).toContain('npx @vitrine/emulator --remove-drop-in');
      const files = readmes();
      expect(files.length).toBeGreaterThan(5);
      for (const file of files)
        expect(readFileSync(file, 'utf8'), file).not.toMatch(/npx vitrine-emulator/);
      expect(readFileSync(join(here, '..', '..', 'README.md'), 'utf8')).toContain(
        'npx @vitrine/emulator --port 4010',
      );
    });
  });
});
