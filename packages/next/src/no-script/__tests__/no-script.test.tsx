/**
 * The whole page for a browser that runs no script, asked of "the shop's own server": a server
 * on 127.0.0.1 port 0 answering as Next does with Cache Components (a GET: the prerendered
 * shell, then the resumed dynamic parts; a form post: the resume alone, and the cookies it set).
 * The pages are real React 19 output (`prerender`, then `resume`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Suspense, use, type ReactNode } from 'react';
import { resume } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_SCRIPT_COOKIE, markNoScript, wantsWholePage, wholePage } from '../no-script.js';

function CartCount({ count }: { count: Promise<string> }) {
  return <p>Cart: {use(count)} items</p>;
}

function CartPage({ count }: { count: Promise<string> }): ReactNode {
  return (
    <html lang="en">
      <head>
        <title>Cart</title>
      </head>
      <body>
        <main>
          <h1>Your cart</h1>
          <Suspense fallback={<p>Loading cart</p>}>
            <CartCount count={count} />
          </Suspense>
          <form method="post">
            <input name="quantity" defaultValue="1" />
          </form>
        </main>
      </body>
    </html>
  );
}

/** The page prerendered with its cart pending, and its resume with `count` items. */
async function pprPage(count: string): Promise<{ shell: string; resumed: string }> {
  let resolve!: (value: string) => void;
  const pending = new Promise<string>((yes) => (resolve = yes));
  const controller = new AbortController();
  const prerendering = prerender(<CartPage count={pending} />, {
    signal: controller.signal,
    onError: () => {},
  });
  await new Promise((done) => setImmediate(done));
  controller.abort();
  const { prelude, postponed } = await prerendering;
  resolve(count);
  const resumed = await new Response(await resume(<CartPage count={pending} />, postponed!)).text();
  const shell = (await new Response(prelude).text()).replace(/<\/body><\/html>$/, '');
  return { shell, resumed };
}

interface Seen {
  method: string;
  cookie: string | undefined;
  inner: boolean;
  body: string;
}

const seen: Seen[] = [];

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => done(text));
  });
}

/** The shop's own server: the cart's count lives in a cookie a post sets. */
const shop = createServer((request, response) => {
  void (async () => {
    const body = await bodyOf(request);
    seen.push({
      method: request.method!,
      cookie: request.headers.cookie,
      inner: request.headers['x-vitrine-no-script-render'] !== undefined,
      body,
    });
    const count = /(?:^|; )cart=(\d+)/.exec(request.headers.cookie ?? '')?.[1] ?? '0';
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.method === 'POST') {
      const quantity = new URLSearchParams(body).get('quantity') ?? '0';
      response.setHeader('set-cookie', [`cart=${quantity}; Path=/; HttpOnly`, 'hint=; Max-Age=0']);
      response.end((await pprPage(quantity)).resumed);
      return;
    }
    const { shell, resumed } = await pprPage(count);
    response.end(shell + resumed);
  })();
});

let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  vi.stubEnv('__NEXT_PRIVATE_ORIGIN', origin);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
});

afterEach(() => {
  seen.length = 0;
});

function browser(init: { method?: string; body?: string; type?: string } = {}): NextRequest {
  return new NextRequest(`${origin}/cart`, {
    method: init.method ?? 'GET',
    headers: {
      accept: 'text/html',
      cookie: `${NO_SCRIPT_COOKIE}=1; hint=1`,
      ...(init.type === undefined ? {} : { 'content-type': init.type }),
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
}

const RELOAD_IF_SCRIPTS_RUN =
  /<script>document\.cookie="vitrine\.no-script=; Path=\/; Max-Age=0";location\.reload\(\)<\/script>$/;

describe('no-script/no-script', () => {
  describe('wholePage', () => {
    it('answers a page finished on the server: the cart in place of its fallback', async () => {
      const response = await wholePage(browser(), `${NO_SCRIPT_COOKIE}=1; cart=3`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const html = await response.text();
      expect(html).toContain(
        '<h1>Your cart</h1><!--$--><p>Cart: <!-- -->3<!-- --> items</p><!--/$-->',
      );
      expect(html).not.toContain('Loading cart');
      expect(html).not.toMatch(/<template|<div hidden id="S:/);
      // The one script left drops the mark should scripts run after all.
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html).toMatch(RELOAD_IF_SCRIPTS_RUN);
      expect(seen).toEqual([
        { method: 'GET', cookie: `${NO_SCRIPT_COOKIE}=1; cart=3`, inner: true, body: '' },
      ]);
    });

    it("puts a form post's answer into the page's shell, asked with the cookies the post set", async () => {
      const post = browser({
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: 'quantity=2',
      });
      const response = await wholePage(post, `${NO_SCRIPT_COOKIE}=1; cart=1; hint=1`);
      const html = await response.text();
      expect(html).toMatch(
        /^<!DOCTYPE html><html lang="en"><head><title>Cart<\/title><\/head><body><main>/,
      );
      expect(html).toContain(
        '<h1>Your cart</h1><!--$--><p>Cart: <!-- -->2<!-- --> items</p><!--/$-->',
      );
      expect(html).toContain('<form method="post"><input name="quantity" value="1"/></form>');
      expect(html).not.toContain('Loading cart');
      expect(html.match(/<\/body><\/html>/g)).toHaveLength(1);
      expect(html.match(/<script/g)).toHaveLength(1);
      // The post went through with its body; the shell was asked with what the post set.
      expect(seen).toEqual([
        {
          method: 'POST',
          cookie: `${NO_SCRIPT_COOKIE}=1; cart=1; hint=1`,
          inner: true,
          body: 'quantity=2',
        },
        { method: 'GET', cookie: `${NO_SCRIPT_COOKIE}=1; cart=2`, inner: true, body: '' },
      ]);
      // The browser gets the post's cookies.
      expect(response.headers.getSetCookie()).toEqual([
        'cart=2; Path=/; HttpOnly',
        'hint=; Max-Age=0',
      ]);
    });
  });

  describe('wantsWholePage', () => {
    it('takes pages and form posts of a marked browser only, never its own inner request', () => {
      expect(wantsWholePage(browser())).toBe(true);
      expect(
        wantsWholePage(
          browser({ method: 'POST', type: 'multipart/form-data; boundary=x', body: '' }),
        ),
      ).toBe(true);
      expect(
        wantsWholePage(browser({ method: 'POST', type: 'application/json', body: '{}' })),
      ).toBe(false);
      const unmarked = new NextRequest(`${origin}/cart`, { headers: { accept: 'text/html' } });
      expect(wantsWholePage(unmarked)).toBe(false);
      const action = browser();
      action.headers.set('next-action', 'abc');
      expect(wantsWholePage(action)).toBe(false);
      const inner = browser();
      inner.headers.set('x-vitrine-no-script-render', 'a guess');
      // A guessed marker is not the proxy's: still rendered whole.
      expect(wantsWholePage(inner)).toBe(true);
    });
  });

  describe('markNoScript', () => {
    it('marks the browser and sends it back to the page without the query', () => {
      const request = new NextRequest(
        'https://shop.test/products/tee?color=red&_vitrine=no-script',
      );
      const response = markNoScript(request, true);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('https://shop.test/products/tee?color=red');
      const [mark, ...others] = response.headers.getSetCookie();
      expect(others).toEqual([]);
      // Read by the proxy only; no secret in it, so scripts may see it (they drop it to unmark).
      expect(mark).toMatch(
        /^vitrine\.no-script=1; Path=\/; Expires=[^;]+; Max-Age=2592000; Secure; SameSite=lax$/,
      );
    });
  });
});
