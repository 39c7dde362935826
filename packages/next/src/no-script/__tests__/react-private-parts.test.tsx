/**
 * `complete-html.ts` finishes a streamed page for a browser that runs no script by doing what
 * React's inline scripts would: `$RC("B:n","S:n")` (a boundary's content is ready), `$RR(…)` (the
 * same, with stylesheets), `$RS("S:n","P:n")` (a late part of a boundary), each moving a hidden
 * `<div hidden id="S:n">` into a `<template id="B:n">` or `<template id="P:n">`. These are React's
 * private wire format, not an API. This file fails, naming the part, the day a React release
 * changes one of them: pages sent to such a browser would then keep their fallbacks.
 */
import { createRequire } from 'node:module';
import { Suspense, use, type ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { completeStreamedHtml } from '../complete-html.js';

const REACT = (createRequire(import.meta.url)('react-dom/package.json') as { version: string })
  .version;
const changed = (part: string) =>
  `React ${REACT} changed ${part}, which @vitrine/next's no-script/complete-html.ts reads`;

function Late({ text }: { text: Promise<string> }): ReactNode {
  return <p>{use(text)}</p>;
}

/** Late content that brings a stylesheet, known only once its data is in. */
function StyledLate({ text }: { text: Promise<string> }): ReactNode {
  const value = use(text);
  return (
    <>
      <link rel="stylesheet" href="/late.css" precedence="default" />
      <p>{value}</p>
    </>
  );
}

/**
 * A page whose boundary, a part of it later than the rest, a boundary nested in it, and a
 * boundary with a stylesheet, all come after the shell.
 */
async function streamedPage(): Promise<string> {
  let resolveOuter!: (value: string) => void;
  let resolveInner!: (value: string) => void;
  let resolveStyled!: (value: string) => void;
  let resolvePart!: (value: string) => void;
  const part = new Promise<string>((yes) => (resolvePart = yes));
  const outer = new Promise<string>((yes) => (resolveOuter = yes));
  const inner = new Promise<string>((yes) => (resolveInner = yes));
  const styled = new Promise<string>((yes) => (resolveStyled = yes));
  const page = (
    <html lang="en">
      <head>
        <title>Shop</title>
      </head>
      <body>
        <main>
          <Suspense fallback={<p>Loading outer</p>}>
            <Late text={outer} />
            <div className="price">
              <Late text={part} />
            </div>
            <Suspense fallback={<p>Loading inner</p>}>
              <Late text={inner} />
            </Suspense>
          </Suspense>
          <Suspense fallback={<p>Loading styled</p>}>
            <StyledLate text={styled} />
          </Suspense>
        </main>
      </body>
    </html>
  );
  const stream = await renderToReadableStream(page, { onError: () => {} });
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let html = (await reader.read()).value ?? '';
  // React writes what a settled promise unblocked within a few turns of the event loop.
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((done) => setImmediate(done));
  };
  resolveOuter('outer content');
  await settle();
  resolveStyled('styled content');
  await settle();
  resolveInner('inner content');
  await settle();
  resolvePart('late part');
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    html += chunk.value;
  }
  return html;
}

describe("React's private streaming scripts", () => {
  it('are the ones complete-html.ts reads: $RC, $RR, $RS and their hidden segments', async () => {
    const html = await streamedPage();
    expect(html, changed('the boundary marker <!--$?--><template id="B:n">')).toMatch(
      /<!--\$\?--><template id="B:\d+"><\/template>/,
    );
    expect(html, changed('the hidden segment <div hidden id="S:n">')).toMatch(
      /<div hidden id="S:\d+">/,
    );
    expect(html, changed('$RC("B:n","S:n"), a boundary completed')).toMatch(
      /\$RC\("B:\d+","S:\d+"\)/,
    );
    expect(
      html,
      changed('$RR("B:n","S:n",[stylesheets]), a boundary with its stylesheets'),
    ).toMatch(/\$RR\("B:\d+","S:\d+",\[\["\/late\.css","default"/);
    expect(html, changed('$RS("S:n","P:n"), a part of a boundary later than the rest')).toMatch(
      /\$RS\("S:\d+","P:\d+"\)/,
    );
    expect(html, changed('the placeholder <template id="P:n">')).toMatch(
      /<template id="P:\d+"><\/template>/,
    );
    const page = completeStreamedHtml(html);
    expect(page, changed('$RC/$RR: a late boundary keeps its fallback')).not.toContain(
      'Loading outer',
    );
    expect(page, changed('$RR: the stylesheet is not put in <head>')).toMatch(
      /<head>[\s\S]*<link rel="stylesheet" href="\/late\.css"[\s\S]*<\/head>/,
    );
    expect(page, changed('$RS or nested boundaries: a late part keeps its fallback')).not.toMatch(
      /Loading (inner|styled)/,
    );
    expect(page).toContain('outer content');
    expect(page).toContain('inner content');
    expect(page).toContain('styled content');
    expect(page, changed('$RS: a late part stays a placeholder')).toContain('late part');
  });
});
