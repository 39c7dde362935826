/**
 * The command line: parses arguments, starts the emulator, prints where everything is, and
 * stops cleanly on SIGINT/SIGTERM. Separate from `cli.ts` so tests can drive it in-process.
 */
import { parseArgs } from 'node:util';
import type { EmulatorOptions } from '../options.js';
import type { Emulator } from '../server.js';
import { startEmulator } from '../server.js';

/** Usage text. */
export const USAGE = `Usage: vitrine-emulator [options]

  --port <n>          port to listen on (default 4010; 0 picks a free one)
  --host <addr>       interface (default 127.0.0.1)
  --data <file>       keep state in this JSON file across restarts
  --seed <file>       start from this catalog instead of the built-in one
  --token-ttl <s>     access token lifetime in seconds (default 3600)
  --webhook-url <url> POST signed webhook events here
  --quiet             do not log requests
  --help              show this help
`;

/** Where the CLI writes. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A usage error: the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError' as const;
}

function integer(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

/**
 * Parses the command line into options; `undefined` for `--help`.
 * @throws {UsageError} on unknown flags or bad values.
 */
export function parseCli(argv: string[], io: CliIo): EmulatorOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string' },
        'token-ttl': { type: 'string' },
        'webhook-url': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return undefined;
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !/^https?:\/\//.test(webhookUrl))
    throw new UsageError('--webhook-url must be an http(s) URL');
  const ttl = integer(values['token-ttl'], '--token-ttl', 1, 31_536_000);
  return {
    port: integer(values.port, '--port', 0, 65535) ?? 4010,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.data !== undefined ? { data: values.data } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    ...(ttl !== undefined ? { tokenTtlSeconds: ttl } : {}),
    ...(webhookUrl !== undefined ? { webhookUrl } : {}),
    ...(values.quiet ? {} : { logger: (line: string) => io.out(`${line}\n`) }),
  };
}

/** Starts the emulator for a command line and prints the banner. `undefined` after `--help`. */
export async function runCli(argv: string[], io: CliIo): Promise<Emulator | undefined> {
  const options = parseCli(argv, io);
  if (!options) {
    io.out(USAGE);
    return undefined;
  }
  const emulator = await startEmulator(options);
  io.out(
    [
      `Vitrine emulator listening on ${emulator.url}`,
      `  client id:  ${emulator.clientId}`,
      `  mail:       ${emulator.url}/_emulator/outbox`,
      `  dev tools:  ${emulator.url}/_emulator`,
      options.data !== undefined
        ? `  state file: ${options.data}`
        : '  state:      in memory (use --data to keep it)',
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  return emulator;
}
