import { describe, expect, it } from 'vitest';
import { USAGE, UsageError, parseCli, runCli } from '../cli/run.js';

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
        webhookUrl: 'http://127.0.0.1:9/h',
      });
    });

    it('defaults the port to 4010 and refuses bad values', () => {
      expect(parseCli(['--quiet'], io().io)?.port).toBe(4010);
      expect(() => parseCli(['--port', 'abc'], io().io)).toThrow(UsageError);
      expect(() => parseCli(['--token-ttl', '0'], io().io)).toThrow(UsageError);
      expect(() => parseCli(['--webhook-url', 'ftp://x'], io().io)).toThrow(UsageError);
      expect(() => parseCli(['--nope'], io().io)).toThrow(UsageError);
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

    it('prints usage for --help and starts nothing', async () => {
      const { out, io: sink } = io();
      expect(await runCli(['--help'], sink)).toBeUndefined();
      expect(out.join('')).toBe(USAGE);
    });
  });
});
