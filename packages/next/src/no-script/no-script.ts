/**
 * Pages for a browser that runs no script. The root layout's `<NoScriptSupport />` sends such a
 * browser, and only such a browser, to the same page with `?_vitrine=no-script` (a `<noscript>`
 * refresh), where the proxy marks it with a cookie and sends it back. From then on the proxy renders its pages whole: it asks the
 * shop's own server for the page (or the form post) and finishes the streamed parts in place
 * (complete-html.ts), so the shopper sees the catalog, their cart and the forms, and every form
 * posts to its server action. A page that does run scripts drops the mark and reloads.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { NO_SCRIPT_QUERY } from '../shared/paths.js';
import { readTextAtMost } from '../shared/read-at-most.js';
import { completeStreamedHtml, streamedShell } from './complete-html.js';
import { withShopperHint } from './shopper-hint-html.js';
import { parseShopperHint, type ShopperHint } from '../shared/cookies.js';

/** The cookie marking a browser that runs no script. */
export const NO_SCRIPT_COOKIE = 'vitrine.no-script';

// Marks the proxy's own request for a page, so the proxy lets it through (one per process).
const INNER_HEADER = 'x-vitrine-no-script-render';
const INNER_TOKEN = crypto.randomUUID();

// A page larger than this is sent as it is (streamed), not finished here.
const MAX_PAGE_BYTES = 5 * 1024 * 1024;

/** Whether `request` is the `<noscript>` refresh of a browser that runs no script. */
export function isNoScriptMark(request: NextRequest): boolean {
  return request.nextUrl.searchParams.get(NO_SCRIPT_QUERY.name) === NO_SCRIPT_QUERY.value;
}

/** Answers the `<noscript>` refresh: the mark, then the same page without the refresh's query. */
export function markNoScript(request: NextRequest, secure: boolean): Response {
  const back = request.nextUrl.clone();
  back.searchParams.delete(NO_SCRIPT_QUERY.name);
  const response = NextResponse.redirect(back, 303);
  response.cookies.set(NO_SCRIPT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 30 * 86_400,
  });
  response.headers.set('cache-control', 'private, no-store');
  return response;
}

/** Whether the proxy renders this request whole: a page or a form post of a marked browser. */
export function wantsWholePage(request: NextRequest): boolean {
  if (!request.cookies.has(NO_SCRIPT_COOKIE)) return false;
  if (request.headers.get(INNER_HEADER) === INNER_TOKEN) return false;
  if (request.headers.has('rsc') || request.headers.has('next-action')) return false;
  if (request.method === 'GET') return (request.headers.get('accept') ?? '').includes('text/html');
  const type = request.headers.get('content-type') ?? '';
  return (
    request.method === 'POST' &&
    (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded'))
  );
}

/**
 * The page `request` asks for, rendered by this server and finished here. `cookie` is the
 * request's `Cookie` header with the session the proxy just made valid. A form post's answer
 * (Next sends a page's dynamic parts only, for the shell the browser already has) is put into
 * the page's shell, read right after it.
 */
export async function wholePage(request: NextRequest, cookie: string): Promise<Response> {
  const inner = await innerRender(request, request.method, cookie, request.body);
  const type = inner.headers.get('content-type') ?? '';
  if (!type.includes('text/html') || inner.body === null) return inner;
  const html = await readTextAtMost(inner, MAX_PAGE_BYTES);
  if (html === undefined) return new Response('The page could not be read whole', { status: 502 });
  let page: string;
  let hint = hintIn(cookie);
  const hintCookies: string[] = [];
  if (request.method === 'GET') page = completeStreamedHtml(html);
  else if (/^\s*<!DOCTYPE html>/i.test(html)) {
    // A page with no request-time part answers a post with the whole page again.
    page = completeStreamedHtml(html);
    hint = hintIn(withSetCookies(cookie, inner.headers));
  } else {
    // What the post changed (the session, the cart's hint) is in the shell's request too.
    const after = withSetCookies(cookie, inner.headers);
    const shell = await innerRender(request, 'GET', after, null);
    const shellHtml = (await readTextAtMost(shell, MAX_PAGE_BYTES)) ?? '';
    page = completeStreamedHtml(streamedShell(shellHtml) + html);
    // The hint the shell's proxy wrote (the post deleted it: the cart changed) goes to the browser.
    hintCookies.push(...shell.headers.getSetCookie().filter((line) => HINT_LINE.test(line)));
    hint = hintIn(withSetCookies(after, shell.headers));
  }
  // The page is the same for every shopper: what it shows of this one, as the hint says.
  page = withShopperHint(page, hint);
  const out = new Headers(inner.headers);
  out.delete('content-length');
  out.delete('content-encoding');
  out.delete('transfer-encoding');
  out.set('cache-control', 'private, no-store');
  for (const line of hintCookies) out.append('set-cookie', line);
  return new Response(page + SCRIPTS_AFTER_ALL, { status: inner.status, headers: out });
}

/** This server's answer to `request` as `method`, with `cookie`, marked as the proxy's own. */
function innerRender(
  request: NextRequest,
  method: string,
  cookie: string,
  body: ReadableStream<Uint8Array> | null,
): Promise<Response> {
  const origin = process.env.__NEXT_PRIVATE_ORIGIN ?? request.nextUrl.origin;
  const headers = new Headers(request.headers);
  headers.set(INNER_HEADER, INNER_TOKEN);
  headers.set('cookie', cookie);
  headers.delete('accept-encoding');
  if (method === 'GET') {
    headers.delete('content-type');
    headers.delete('content-length');
  }
  return fetch(`${origin}${request.nextUrl.pathname}${request.nextUrl.search}`, {
    method,
    headers,
    redirect: 'manual',
    ...(method === 'GET' || body === null ? {} : { body, duplex: 'half' as const }),
  });
}

// The shopper's hint cookie (`vitrine.<client id>.cart`), in a `Set-Cookie` line or a `Cookie` header.
const HINT_LINE = /^vitrine\.[^=;]+\.cart=/;
const HINT_PAIR = /(?:^|;\s*)vitrine\.[^=;]+\.cart=([^;]*)/;

/** The shopper's hint a `Cookie` header holds. */
function hintIn(cookie: string): ShopperHint | undefined {
  const raw = HINT_PAIR.exec(cookie)?.[1];
  if (raw === undefined) return undefined;
  try {
    return parseShopperHint(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/** `cookie` (a `Cookie` header) with what `headers` set or deleted. */
function withSetCookies(cookie: string, headers: Headers): string {
  const jar = new Map(
    cookie
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]),
  );
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0\b/i.test(line)) jar.delete(name);
    else jar.set(name, pair.slice(pair.indexOf('=') + 1));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

// A page that runs scripts after all (the mark outlived a browser setting): unmarked, reloaded.
const SCRIPTS_AFTER_ALL = `<script>document.cookie="${NO_SCRIPT_COOKIE}=; Path=/; Max-Age=0";location.reload()</script>`;
