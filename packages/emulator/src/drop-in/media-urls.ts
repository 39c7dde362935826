/**
 * Behind the drop-in, the emulator's answers name media as the platform's do: a URL of the
 * emulator's own media (`http://127.0.0.1:4010/media/{id}…`) becomes
 * `https://static.wixstatic.com/media/{id}…`, the only media host an app on the official client
 * allows (Next.js's `images.remotePatterns`). One translation at the drop-in's boundary, so every
 * answer that carries media (products, variants, collections, carts, orders) is covered, and
 * answers on the emulator's own URL keep its own media URLs.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { PLATFORM_MEDIA_ORIGIN } from '../http/platform-hosts.js';

/**
 * `json` with every JSON string that starts with the emulator's media URL moved to the
 * platform's media host (only a string's start: text that merely quotes the URL stays as it is).
 */
export function withPlatformMediaUrls(json: string, baseUrl: string): string {
  return json.replaceAll(`"${baseUrl}/media/`, `"${PLATFORM_MEDIA_ORIGIN}/media/`);
}

/** Middleware translating media URLs in JSON answers to requests that came through the drop-in. */
export function platformMediaUrls(ctx: EmulatorContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.env?.dropIn !== true) return;
    if (!(c.res.headers.get('content-type') ?? '').startsWith('application/json')) return;
    const text = await c.res.text();
    const { status } = c.res;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length'); // the body's length changes
    c.res = undefined; // so Hono does not copy the old headers back
    c.res = new Response(withPlatformMediaUrls(text, ctx.baseUrl), { status, headers });
  };
}
