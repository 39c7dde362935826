/**
 * Starts the drop-in: the emulator's TLS listener on 127.0.0.1 that answers for the platform's
 * host names with a certificate of the local authority, and the files an app's Node processes
 * load to reach it. Answers what to set in the app's environment and browser.
 */
import type { RequestListener } from 'node:http';
import { createServer } from 'node:https';
import { closeServer, guardServer, listen } from '../http/listen.js';
import { HEAD_PARSE_LIMIT } from '../http/request-limits.js';
import { issueServerIdentity, loadOrCreateAuthority, loadOrCreateServerKey } from './authority.js';
import { ensurePrivateDirectory } from './directory.js';
import { writeHookFiles } from './hook-files.js';
import { DROP_IN_HOSTS } from '../http/platform-hosts.js';

/** Options of the drop-in (`startEmulator({ dropIn })`). */
export interface DropInOptions {
  /**
   * Port of the TLS listener on 127.0.0.1; 0 picks a free one. The CLI's default, 4443, keeps the
   * browser flags the same from one start to the next.
   * @default 0
   */
  port?: number;
  /**
   * The drop-in's directory: its certificate authority and server key (0600), and the Node hook.
   * @default `$XDG_CONFIG_HOME/vitrine-emulator/drop-in` (`~/.config/…`), `%LOCALAPPDATA%\…` on Windows
   * @example directory: mkdtempSync(join(tmpdir(), 'drop-in-')) // a test's own
   */
  directory?: string;
}

/** A running drop-in: where it listens and what to set so an app reaches it. */
export interface DropIn {
  /** The TLS listener, e.g. `https://127.0.0.1:4443`. */
  readonly url: string;
  readonly port: number;
  /** The platform's host names it answers. */
  readonly hosts: readonly string[];
  /** Its directory. */
  readonly directory: string;
  /** The value of `NODE_OPTIONS` for the app's Node processes (`--import=file:///…/node-hook.mjs`). */
  readonly nodeOptions: string;
  /**
   * Chromium flags that route the hosts here and accept the drop-in's server key (add a fresh
   * `--user-data-dir`, for the app alone): `--ignore-certificate-errors-spki-list` names
   * {@link serverSpkiSha256}, never the authority's key.
   */
  readonly chromiumArgs: readonly string[];
  /** PEM of the local certificate authority (public; its key never leaves the directory). */
  readonly caCertificate: string;
  /** Base64 SHA-256 of the authority's public key (what the Node hook's trust rests on). */
  readonly caSpkiSha256: string;
  /** Whether this start made a new authority. */
  readonly caCreated: boolean;
  /**
   * Base64 SHA-256 of the drop-in's server key (kept in the directory, 0600): the one key
   * Chromium's flag accepts.
   */
  readonly serverSpkiSha256: string;
  /** Whether this start made a new server key (browser flags from an earlier start no longer match). */
  readonly serverKeyCreated: boolean;
}

/**
 * Chromium flags for a drop-in on `port` whose server key hashes to `spki`. Chromium accepts,
 * for any host, a chain in which any certificate carries a listed key, without checking
 * signatures or names: so the list names the server key, which only the drop-in holds and no
 * public file carries, and not the authority (whose certificate anyone could append).
 */
function chromiumArgs(port: number, spki: string): string[] {
  const rules = DROP_IN_HOSTS.map((host) => `MAP ${host}:443 127.0.0.1:${port}`).join(',');
  return [`--host-resolver-rules=${rules}`, `--ignore-certificate-errors-spki-list=${spki}`];
}

/**
 * Starts the drop-in's listener with `handle` (the emulator's request listener, told that the
 * request came through the drop-in) and writes its files.
 * @throws {DropInError} when its directory or key cannot be trusted (another user's, a link, a
 *   key open to others); {Error} when the port is taken.
 */
export async function startDropIn(
  handle: RequestListener,
  options: { port: number; directory: string },
): Promise<{ dropIn: DropIn; close(): Promise<void> }> {
  const { directory } = options;
  ensurePrivateDirectory(directory);
  const authority = await loadOrCreateAuthority(directory, DROP_IN_HOSTS);
  const serverKey = loadOrCreateServerKey(directory);
  const identity = await issueServerIdentity(authority, serverKey, DROP_IN_HOSTS);
  const server = createServer(
    {
      key: identity.key,
      cert: identity.certificate,
      minVersion: 'TLSv1.2',
      ALPNProtocols: ['http/1.1'],
      maxHeaderSize: HEAD_PARSE_LIMIT,
    },
    handle,
  );
  guardServer(server);
  // Everything stays on loopback, whatever interface the HTTP listener uses.
  const port = await listen(server, options.port, '127.0.0.1');
  let hookUrl: string;
  try {
    hookUrl = writeHookFiles(directory, {
      hosts: DROP_IN_HOSTS,
      port,
      ca: authority.certificate,
    });
  } catch (error) {
    await closeServer(server);
    throw error;
  }
  return {
    dropIn: {
      url: `https://127.0.0.1:${port}`,
      port,
      hosts: DROP_IN_HOSTS,
      directory,
      nodeOptions: `--import=${hookUrl}`,
      chromiumArgs: chromiumArgs(port, serverKey.spkiSha256),
      caCertificate: authority.certificate,
      caSpkiSha256: authority.spkiSha256,
      caCreated: authority.created,
      serverSpkiSha256: serverKey.spkiSha256,
      serverKeyCreated: serverKey.created,
    },
    close: () => closeServer(server),
  };
}
