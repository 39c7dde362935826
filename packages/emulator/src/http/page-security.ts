/**
 * Security headers of the hosted pages (sign-in, sign-up, reset, verify, logout, recovery,
 * checkout…) and of the developer endpoints: nothing may frame them (`frame-ancestors 'none'`,
 * `X-Frame-Options: DENY`), forms post only to the page itself and to the registered redirect
 * origins (Chromium applies `form-action` to the redirect after a post too), and no referrer,
 * cache or MIME sniffing.
 */

/** What the header setters need of a Hono context. */
interface HeaderSink {
  header(name: string, value: string): void;
}

/** Paths that are hosted pages. */
export const PAGE_PREFIXES = [
  '/oauth2/authorize',
  '/oauth2/signup',
  '/oauth2/reset',
  '/oauth2/verify',
  '/oauth2/logout',
  '/checkout',
  '/recovery',
  '/product-page/',
  '/flow',
  '/_api/iam/authentication/v1/logout',
];

/** What the pages' policy is set by: the registered clients (the emulator's `clients` option). */
export interface PageOptions {
  readonly clients: readonly { readonly redirectUris: readonly string[] }[];
}

/** Every origin a hosted page may send the browser back to. */
export function redirectOrigins(options: PageOptions): string[] {
  const origins = new Set<string>();
  for (const client of options.clients) {
    for (const uri of client.redirectUris) {
      try {
        origins.add(new URL(uri).origin);
      } catch {
        // An unparsable registered URI can never match a return address either.
      }
    }
  }
  return [...origins];
}

/** The Content-Security-Policy of hosted pages. */
export function pagePolicy(options: PageOptions): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self'",
    "base-uri 'none'",
    `form-action 'self' ${redirectOrigins(options).join(' ')}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the headers of a hosted page (`policy` from {@link pagePolicy}). */
export function setPageHeaders(c: HeaderSink, policy: string): void {
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Security-Policy', policy);
}

/** Sets the headers of a developer endpoint: JSON nobody may frame or sniff. */
export function setDevHeaders(c: HeaderSink): void {
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
}
