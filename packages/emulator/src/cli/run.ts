/**
 * The command line: parses arguments, starts the emulator, prints where everything is, and
 * stops cleanly on SIGINT/SIGTERM. Separate from `cli.ts` so tests can drive it in-process.
 */
import { parseArgs } from 'node:util';
import type { EmulatorOptions } from '../options.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_REDIRECT_URIS,
  DEFAULT_REFRESH_REUSE_GRACE_SECONDS,
  DEFAULT_TOKEN_TTL_SECONDS,
} from '../options.js';
import type { Emulator } from '../server.js';
import { startEmulator } from '../server.js';
import { defaultDropInDirectory } from '../drop-in/directory.js';
import { removeDropIn } from '../drop-in/remove.js';
import { dropInBanner } from './drop-in-banner.js';

/** The CLI's drop-in port, fixed so the browser flags stay the same from one start to the next. */
export const DEFAULT_DROP_IN_PORT = 4443;

/** Usage text. */
export const USAGE = `Usage: npx @vitrine/emulator [options]
       (vitrine-emulator [options] where @vitrine/emulator is installed)

It runs until Ctrl-C, SIGTERM or SIGHUP, or until the process that started it stops.

  --port <n>                 port to listen on (default 4010; 0 picks a free one)
  --host <addr>              interface (default 127.0.0.1)
  --data <file>              keep state in this JSON file across restarts
  --seed <file>              start from this catalog instead of the built-in one
  --catalog <v1|v3>          the catalog the store runs: Catalog V1 (default) or Catalog V3
  --client-id <id>           the registered client id (default ${DEFAULT_CLIENT_ID})
  --redirect-uri <url>       also accept this redirect URI (repeatable; adds to the defaults)
  --api-key <key>            the API key: the elevated credential of merchant-side calls
  --open-writes              let any token make catalog writes, bulk changes and sign-on
  --token-ttl <s>            access token lifetime in seconds (default ${DEFAULT_TOKEN_TTL_SECONDS})
  --refresh-reuse-grace <s>  how long a rotated refresh token stays usable (default ${DEFAULT_REFRESH_REUSE_GRACE_SECONDS}; 0 = strict)
  --allowed-host <name>      also answer this Host name (repeatable; loopback names always)
  --webhook-url <url>        POST signed webhook events here
  --no-cart-v2               run a store without Cart V2: /ecom/v2/carts… answer 404 like any unknown path
  --drop-in                  also answer for the platform's own hosts (www/edge/readonly.wixapis.com,
                             static.wixstatic.com) on https://127.0.0.1:<drop-in port>, for an app
                             written on the platform's official client; prints what to set
  --drop-in-port <n>         port of the drop-in (default ${DEFAULT_DROP_IN_PORT}; 0 picks a free one)
  --drop-in-dir <dir>        the drop-in's directory (default ${defaultDropInDirectory()})
  --remove-drop-in           undo the drop-in: delete its directory (authority, key, hook) and exit
  --quiet                    do not log requests
  --help                     show this help
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

/** An absolute http(s) URL without a fragment, as OAuth requires of redirect URIs. */
function redirectUri(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError('--redirect-uri must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hash !== '')
    throw new UsageError('--redirect-uri must be an http(s) URL without a #fragment');
  return value;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        seed: { type: 'string' },
        catalog: { type: 'string' },
        'client-id': { type: 'string' },
        'redirect-uri': { type: 'string', multiple: true },
        'api-key': { type: 'string' },
        'open-writes': { type: 'boolean' },
        'token-ttl': { type: 'string' },
        'refresh-reuse-grace': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        'webhook-url': { type: 'string' },
        'no-cart-v2': { type: 'boolean' },
        'drop-in': { type: 'boolean' },
        'drop-in-port': { type: 'string' },
        'drop-in-dir': { type: 'string' },
        'remove-drop-in': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Parses the command line into options; `undefined` for `--help`.
 * @throws {UsageError} on unknown flags or bad values.
 */
export function parseCli(argv: string[], io: CliIo): EmulatorOptions | undefined {
  const values = parse(argv);
  if (values.help) return undefined;
  const webhookUrl = values['webhook-url'];
  if (webhookUrl !== undefined && !/^https?:\/\//.test(webhookUrl))
    throw new UsageError('--webhook-url must be an http(s) URL');
  const ttl = integer(values['token-ttl'], '--token-ttl', 1, 31_536_000);
  const grace = integer(values['refresh-reuse-grace'], '--refresh-reuse-grace', 0, 3600);
  const clientId = values['client-id'];
  if (clientId !== undefined && !/^[\x21-\x7e]{1,200}$/.test(clientId))
    throw new UsageError('--client-id must be 1 to 200 printable characters');
  const apiKey = values['api-key'];
  if (apiKey !== undefined && (!/^[\x21-\x7e]{8,4096}$/.test(apiKey) || apiKey.includes(',')))
    throw new UsageError('--api-key must be 8 to 4096 printable characters, without commas');
  const added = (values['redirect-uri'] ?? []).map(redirectUri);
  const dropInPort = integer(values['drop-in-port'], '--drop-in-port', 0, 65535);
  const dropInDir = values['drop-in-dir'];
  if (!values['drop-in'] && (dropInPort !== undefined || dropInDir !== undefined))
    throw new UsageError('--drop-in-port and --drop-in-dir go with --drop-in');
  const customClient = clientId !== undefined || added.length > 0;
  const catalog = values.catalog;
  if (catalog !== undefined && catalog !== 'v1' && catalog !== 'v3')
    throw new UsageError('--catalog must be v1 or v3');
  return {
    port: integer(values.port, '--port', 0, 65535) ?? 4010,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.data !== undefined ? { data: values.data } : {}),
    ...(values.seed !== undefined ? { seed: values.seed } : {}),
    ...(catalog !== undefined ? { catalog } : {}),
    ...(customClient
      ? {
          clients: [
            {
              clientId: clientId ?? DEFAULT_CLIENT_ID,
              redirectUris: [...new Set([...DEFAULT_REDIRECT_URIS, ...added])],
            },
          ],
        }
      : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(values['open-writes'] ? { openWrites: true } : {}),
    ...(ttl !== undefined ? { tokenTtlSeconds: ttl } : {}),
    ...(grace !== undefined ? { refreshReuseGraceSeconds: grace } : {}),
    ...(values['allowed-host'] ? { allowedHosts: values['allowed-host'] } : {}),
    ...(webhookUrl !== undefined ? { webhookUrl } : {}),
    ...(values['no-cart-v2'] ? { cartV2: false } : {}),
    ...(values['drop-in']
      ? {
          dropIn: {
            port: dropInPort ?? DEFAULT_DROP_IN_PORT,
            ...(dropInDir !== undefined ? { directory: dropInDir } : {}),
          },
        }
      : {}),
    ...(values.quiet ? {} : { logger: (line: string) => io.out(`${line}\n`) }),
  };
}

/**
 * `--remove-drop-in [--drop-in-dir <dir>]`: the directory to undo, or `undefined` when the
 * command line asks for something else.
 * @throws {UsageError} when it is mixed with flags that start an emulator.
 */
export function removalOf(argv: string[]): string | undefined {
  const values = parse(argv);
  if (!values['remove-drop-in']) return undefined;
  const others = Object.keys(values).filter((k) => k !== 'remove-drop-in' && k !== 'drop-in-dir');
  if (others.length > 0) throw new UsageError('--remove-drop-in takes only --drop-in-dir');
  return values['drop-in-dir'] ?? defaultDropInDirectory();
}

/** Starts the emulator for a command line and prints the banner. `undefined` after `--help`. */
export async function runCli(argv: string[], io: CliIo): Promise<Emulator | undefined> {
  const removal = removalOf(argv);
  if (removal !== undefined) {
    const removed = removeDropIn({ directory: removal });
    io.out(
      removed.length === 0
        ? `No drop-in in ${removal}: nothing to remove.\n`
        : `Removed the drop-in: ${removed.join(', ')}.\nUnset NODE_OPTIONS where you set it for the drop-in, and close the Chromium profile that used it.\n`,
    );
    return undefined;
  }
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
      `  redirects:  ${emulator.redirectUris.join(' ')}`,
      `  catalog:    ${options.catalog === 'v3' ? 'Catalog V3 (--catalog v3)' : 'Catalog V1 (the default; --catalog v3 for a V3 store)'}`,
      `  API key:    ${options.apiKey !== undefined ? 'from --api-key' : 'the default (see the README)'}${options.openWrites ? '; writes open to any token' : ''}`,
      `  mail:       ${emulator.url}/_emulator/outbox`,
      `  dev tools:  ${emulator.url}/_emulator`,
      options.data !== undefined
        ? `  state file: ${options.data}`
        : '  state:      in memory (use --data to keep it)',
      ...(emulator.dropIn ? dropInBanner(emulator.dropIn) : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  return emulator;
}
