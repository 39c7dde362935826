/** Which browser origins may call the emulator (CORS), and which count as foreign. */

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

/** What CORS is set by: the emulator's `corsOrigins` option. */
export interface CorsOptions {
  readonly corsOrigins: readonly string[] | '*' | undefined;
}

/**
 * The origin to allow for a request from `origin`, or `null` when it is foreign: by default any
 * http(s) origin on a loopback name, else the `corsOrigins` option.
 */
export function allowOrigin(options: CorsOptions, origin: string): string | null {
  const allowed = options.corsOrigins;
  if (allowed === '*') return origin;
  if (allowed === undefined) return LOOPBACK_ORIGIN.test(origin) ? origin : null;
  return allowed.includes(origin) ? origin : null;
}
