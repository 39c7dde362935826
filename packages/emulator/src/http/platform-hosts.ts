/**
 * The platform's host names the drop-in answers for. The official client hard-codes them
 * (`@wix/sdk`'s `common.js`: tokens and redirect sessions on `www.wixapis.com`, every module call
 * of an `OAuthStrategy` client on `edge.wixapis.com`; its media helpers build
 * `https://static.wixstatic.com/media/…`), and the platform's REST API documents the read-only
 * host. The hosted pages live on each site's own domain, not on a fixed
 * platform host, so the emulator keeps serving them on its own URL.
 */

/** Hosts of the platform's API. */
export const PLATFORM_API_HOSTS = [
  'www.wixapis.com',
  'edge.wixapis.com',
  'readonly.wixapis.com',
] as const;

/** The platform's media host: it serves `/media/{id}` and nothing else. */
export const PLATFORM_MEDIA_HOST = 'static.wixstatic.com';

/** Every name the drop-in answers, and the only names its certificate authority may vouch for. */
export const DROP_IN_HOSTS: readonly string[] = [...PLATFORM_API_HOSTS, PLATFORM_MEDIA_HOST];

/** The media host's origin, which media URLs name behind the drop-in. */
export const PLATFORM_MEDIA_ORIGIN = `https://${PLATFORM_MEDIA_HOST}`;
