/**
 * The no-script completion fed what React 19 really streams: trees with `<Suspense>` boundaries
 * whose data arrives after the shell (each promise resolved by the test once the shell is out, so
 * the order is fixed and no clock is involved), a part of a boundary later than the rest (`$RS`),
 * boundaries nested in late content, and a post's answer resumed into a prerendered shell
 * (`prerender` then `resume`, as Next answers a form post).
 */
import { Suspense, use, type ReactNode } from 'react';
import { renderToReadableStream, resume } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { completeStreamedHtml, streamedShell } from '../complete-html.js';

/** A promise the test resolves, or rejects, when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function Late({ text }: { text: Promise<string> }): ReactNode {
  return <p>{use(text)}</p>;
}

function Page({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>Shop</title>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

/**
 * Renders `tree`, waits for the shell, then runs `after` (which resolves the late parts in the
 * order it likes) and returns the whole streamed document.
 */
async function streamed(tree: ReactNode, after: () => Promise<void> | void): Promise<string> {
  const stream = await renderToReadableStream(tree, { onError: () => {} });
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  const first = await reader.read();
  let html = first.value ?? '';
  // The shell is out, with every boundary showing its fallback.
  expect(html).toContain('<!--$?--><template id="B:0"></template>');
  await after();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    html += chunk.value;
  }
  return html;
}

/** Lets React render what a settled promise unblocked (a few turns of the event loop). */
async function flushed(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The `<main>` of a document. */
function mainOf(html: string): string {
  return /<main>([\s\S]*)<\/main>/.exec(html)![1]!;
}

/** What a browser that runs no script would still need a script for. */
function expectNothingLeftForScripts(html: string): void {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<template/i);
  expect(html).not.toMatch(/<div hidden id="S:/);
  expect(html).not.toContain('<!--$?-->');
  // React's calls (quoted as code; escaped text shows `&quot;`).
  expect(html).not.toMatch(/\$R[CSXBV]\("/);
}

describe('no-script/complete-html', () => {
  describe('completeStreamedHtml', () => {
    it('puts late boundaries in place of their fallbacks, in the order they stand', async () => {
      const one = deferred<string>();
      const two = deferred<string>();
      const html = await streamed(
        <Page>
          <h1>Catalog</h1>
          <Suspense fallback={<span>Loading one</span>}>
            <Late text={one.promise} />
          </Suspense>
          <Suspense
            fallback={
              // A fallback holding a boundary of its own (rendered in the shell).
              <Suspense>
                <span>Loading two</span>
              </Suspense>
            }
          >
            <Late text={two.promise} />
          </Suspense>
        </Page>,
        async () => {
          // The second resolves first: its segment is streamed first.
          two.resolve('Second');
          await flushed();
          one.resolve('First');
        },
      );
      expect(html.indexOf('id="S:1"')).toBeLessThan(html.indexOf('id="S:0"'));
      const page = completeStreamedHtml(html);
      expect(mainOf(page)).toBe(
        '<h1>Catalog</h1><!--$--><p>First</p><!--/$--><!--$--><p>Second</p><!--/$-->',
      );
      expect(page).not.toContain('Loading');
      expectNothingLeftForScripts(page);
      expect(page).toMatch(/^<!DOCTYPE html><html lang="en"><head><title>Shop<\/title><\/head>/);
      expect(page.endsWith('</body></html>')).toBe(true);
    });

    it('fills boundaries nested in late content, and a part later than the rest ($RS)', async () => {
      const outer = deferred<string>();
      const part = deferred<string>();
      const inner = deferred<string>();
      const html = await streamed(
        <Page>
          <Suspense fallback={<span>Loading product</span>}>
            <section>
              <Late text={outer.promise} />
              <div className="price">
                <Late text={part.promise} />
              </div>
              <Suspense fallback={<span>Loading reviews</span>}>
                <Late text={inner.promise} />
              </Suspense>
            </section>
          </Suspense>
        </Page>,
        async () => {
          outer.resolve('Tee');
          await flushed();
          // The section streams with the price still pending (a placeholder of its own).
          inner.resolve('5 stars');
          await flushed();
          part.resolve('$24');
        },
      );
      expect(html).toMatch(/\$RS\("S:\d+","P:\d+"\)/);
      const page = completeStreamedHtml(html);
      expect(mainOf(page)).toBe(
        '<!--$--><section><p>Tee</p><div class="price"><p>$24</p></div>' +
          '<!--$--><p>5 stars</p><!--/$--></section><!--/$-->',
      );
      expectNothingLeftForScripts(page);
    });

    it('keeps the fallback of a boundary that failed on the server', async () => {
      const good = deferred<string>();
      const bad = deferred<string>();
      const html = await streamed(
        <Page>
          <Suspense fallback={<span>Loading good</span>}>
            <Late text={good.promise} />
          </Suspense>
          <Suspense fallback={<span>Still loading</span>}>
            <Late text={bad.promise} />
          </Suspense>
        </Page>,
        () => {
          good.resolve('Good');
          bad.reject(new Error('platform down'));
        },
      );
      const page = completeStreamedHtml(html);
      expect(mainOf(page)).toContain('<!--$--><p>Good</p><!--/$-->');
      expect(mainOf(page)).toContain('<span>Still loading</span><!--/$-->');
      expect(page).not.toMatch(/<script/i);
    });

    it('survives hostile text and attributes: markers, closing tags and > inside them', async () => {
      const hostile = [
        '</template>',
        '<!--$-->',
        '<!--/$-->',
        '</div>',
        '<div hidden id="S:0">',
        '$RC("B:0","S:1")',
        '$RS("S:0","P:0")',
        '<script>alert(1)</script>',
      ].join(' ');
      const late = deferred<string>();
      const nested = deferred<string>();
      function Hostile({ text }: { text: Promise<string> }) {
        const value = use(text);
        return (
          <div title={`a > b ${value}`} data-note="<!--/$--> </div>">
            <b>{value}</b>
          </div>
        );
      }
      const html = await streamed(
        <Page>
          <Suspense fallback={<span title="> </template>">{hostile}</span>}>
            <Hostile text={late.promise} />
            <Suspense fallback={<i>{hostile}</i>}>
              <Hostile text={nested.promise} />
            </Suspense>
          </Suspense>
          <footer>{hostile}</footer>
        </Page>,
        async () => {
          late.resolve(hostile);
          await flushed();
          nested.resolve(`nested ${hostile}`);
        },
      );
      const page = completeStreamedHtml(html);
      const main = mainOf(page);
      // Each late part once, in place; the fallbacks gone; the escaped text still text.
      expect(main.match(/<div title="a &gt; b /g)).toHaveLength(2);
      expect(main.indexOf('<b>nested ')).toBeGreaterThan(main.indexOf('<b>&lt;/template&gt;'));
      expect(main).not.toContain('<i>');
      expect(main).not.toContain('<span');
      expect(main).toMatch(/<\/div><!--\/\$--><!--\/\$--><footer>&lt;\/template&gt; /);
      expectNothingLeftForScripts(page);
      // Exactly what a browser running React's scripts would show: the same text, in order.
      expect(textOf(main)).toBe(`${hostile}nested ${hostile}${hostile}`);
    });

    it('puts in place a boundary that brings its own stylesheet ($RR), the stylesheet in <head>', async () => {
      const late = deferred<string>();
      // Found only once the data is in: the stylesheets were not known when the shell went out.
      function Styled() {
        const text = use(late.promise);
        return (
          <>
            <link rel="stylesheet" href="/late.css?v=1&x=2" precedence="next" />
            <link rel="stylesheet" href="/print.css" precedence="next" media="print" />
            <p>{text}</p>
          </>
        );
      }
      const html = await streamed(
        <Page>
          <Suspense fallback={<span>Loading</span>}>
            <Styled />
          </Suspense>
        </Page>,
        () => late.resolve('Styled'),
      );
      expect(html).toContain('$RR("B:0","S:0",');
      const page = completeStreamedHtml(html);
      expect(mainOf(page)).toBe('<!--$--><p>Styled</p><!--/$-->');
      const head = /<head>([\s\S]*)<\/head>/.exec(page)![1]!;
      expect(head).toContain(
        '<link rel="stylesheet" href="/late.css?v=1&amp;x=2" data-precedence="next"/>',
      );
      expect(head).toContain(
        '<link rel="stylesheet" href="/print.css" data-precedence="next" media="print"/>',
      );
      expectNothingLeftForScripts(page);
    });

    it("keeps JSON data blocks and raw <style> text whole, and drops React's scripts", async () => {
      const late = deferred<string>();
      const data = JSON.stringify({ name: '</div><!--/$-->', note: 'x' }).replace(/</g, '\\u003c');
      const html = await streamed(
        <Page>
          <Suspense fallback={<span>Loading</span>}>
            <Late text={late.promise} />
            <style>{'.a::after { content: "</div>"; }'}</style>
            <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: data }} />
          </Suspense>
        </Page>,
        () => late.resolve('Ready'),
      );
      const page = completeStreamedHtml(html);
      expect(mainOf(page)).toBe(
        '<!--$--><p>Ready</p><style>.a::after { content: "</div>"; }</style>' +
          `<script type="application/ld+json">${data}</script><!--/$-->`,
      );
      expect(page.match(/<script/g)).toHaveLength(1);
    });

    it("moves the page's late metadata into <head>, and leaves an icon's <title> and microdata", async () => {
      const metadata = deferred<string>();
      const late = deferred<string>();
      function Metadata() {
        const title = use(metadata.promise);
        return (
          <>
            <title>{title}</title>
            <meta name="description" content="A tee" />
            <link rel="icon" href="/icon.png" />
          </>
        );
      }
      const html = await streamed(
        <Page>
          {/* As Next streams metadata: a hidden wrapper around a boundary of its own. */}
          <div hidden>
            <Suspense>
              <Metadata />
            </Suspense>
          </div>
          <Suspense fallback={<span>Loading</span>}>
            <Late text={late.promise} />
            <svg role="img">
              <title>Cart</title>
            </svg>
            <span itemScope itemType="https://schema.org/Offer">
              <meta itemProp="price" content="24" />
            </span>
          </Suspense>
        </Page>,
        async () => {
          late.resolve('Ready');
          await flushed();
          metadata.resolve('Tee | Shop');
        },
      );
      const expectedHead =
        '<title>Tee | Shop</title><meta name="description" content="A tee"/>' +
        '<link rel="icon" href="/icon.png"/>';
      const page = completeStreamedHtml(html);
      expect(/<head>([\s\S]*)<\/head>/.exec(page)![1]).toBe(expectedHead);
      expect(mainOf(page)).toBe(
        '<div hidden=""><!--$--><!--/$--></div><!--$--><p>Ready</p>' +
          '<svg role="img"><title>Cart</title></svg><span itemScope="" ' +
          'itemType="https://schema.org/Offer"><meta itemProp="price" content="24"/></span><!--/$-->',
      );
      // A post's answer put into this page's shell keeps the page's metadata too.
      expect(/<head>([\s\S]*)<\/head>/.exec(streamedShell(html))![1]).toBe(expectedHead);
    });
  });

  describe('streamedShell', () => {
    it("completes a post's answer (a resume of the prerendered page) in the page's shell", async () => {
      const answer = deferred<string>();
      const tree = (
        <Page>
          <h1>Cart</h1>
          <Suspense fallback={<span>Loading cart</span>}>
            <Late text={answer.promise} />
          </Suspense>
        </Page>
      );
      const controller = new AbortController();
      const prerendering = prerender(tree, { signal: controller.signal, onError: () => {} });
      await flushed();
      controller.abort();
      const { prelude, postponed } = await prerendering;
      const shell = await new Response(prelude).text();
      answer.resolve('2 × Tee');
      const resumed = await new Response(await resume(tree, postponed!)).text();
      // What Next sends for the page: the prelude without its closing tags, then the resume.
      const get = shell.replace(/<\/body><\/html>$/, '') + resumed;
      expect(get.match(/<\/body><\/html>/g)).toHaveLength(1);
      // And for the post, the resume alone, put into the shell of the page.
      const page = completeStreamedHtml(streamedShell(get) + resumed);
      expect(mainOf(page)).toBe('<h1>Cart</h1><!--$--><p>2 × Tee</p><!--/$-->');
      expectNothingLeftForScripts(page);
      expect(page.match(/<\/body><\/html>/g)).toHaveLength(1);
    });
  });
});

/** The text a browser shows for `html` (tags dropped, entities decoded). */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->|<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
