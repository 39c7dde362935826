/**
 * The `Host` check of every request: only the names the emulator listens on are answered, so a
 * page on another domain that rebinds its DNS to 127.0.0.1 cannot read or drive the emulator.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { DROP_IN_HOSTS } from './platform-hosts.js';
import { applicationError } from './errors.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** What the host names are set by: the emulator's `host` and `allowedHosts` options. */
export interface HostOptions {
  readonly host: string;
  readonly allowedHosts: readonly string[];
}

/** The host names this emulator answers: loopback names, `host`, and `allowedHosts`. */
export function acceptedHostNames(options: HostOptions): Set<string> {
  const { host, allowedHosts } = options;
  const own = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new Set([...LOOPBACK_NAMES, own.toLowerCase(), ...allowedHosts]);
}

/** The name part of a `Host` header (`[::1]:4010` → `[::1]`), lower case. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/**
 * Middleware answering 421 to any `Host` the emulator does not listen on. The platform's host
 * names are accepted only through the drop-in's TLS listener, and only they are accepted there.
 */
export function checkHost(options: HostOptions): MiddlewareHandler<AppEnv> {
  const accepted = acceptedHostNames(options);
  const platform = new Set(DROP_IN_HOSTS);
  return async (c, next) => {
    const header = c.req.header('host');
    const dropIn = c.env?.dropIn === true;
    const names = dropIn ? platform : accepted;
    if (header === undefined || !names.has(hostName(header))) {
      throw applicationError(
        421,
        'MISDIRECTED_REQUEST',
        dropIn
          ? "The drop-in answers only the platform's host names"
          : 'This emulator answers only its own host names (loopback, --host and --allowed-host)',
      );
    }
    await next();
  };
}
