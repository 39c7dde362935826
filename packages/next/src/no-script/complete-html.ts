/**
 * A streamed page, finished on the server for a browser that runs no script. React streams each
 * `<Suspense>` boundary that resolves after the shell as a hidden `<div hidden id="S:n">` at the
 * end of the document, and an inline script (`$RC("B:n","S:n")`, or `$RR` with the stylesheets it
 * needs) moves it into place; a part of a boundary that resolved later than the rest waits the
 * same way (`$RS("S:n","P:n")`, for its `<template id="P:n">`). Without scripts they stay hidden and the fallbacks stay on screen. This
 * does what those scripts do, on the whole document: each completed boundary's content replaces
 * its fallback where it stands, each late part its placeholder. Boundaries that did not complete
 * keep their fallback. Scripts are dropped (they would not run).
 */

const SEGMENT = /<div hidden id="S:(\d+)">/g;
// A boundary's content is ready: `$RC("B:boundary","S:segment")`, or `$RR(…, [stylesheets])` when
// it brings stylesheets of its own (`[[href, precedence, attribute, value, …], …]`, JSON; React
// writes `<` as `\u003c` in it).
const COMPLETION = /\$R[CR]\("B:(\d+)","S:(\d+)"(?:,(\[[^<]*?\]))?\)/g;
// A part of a boundary rendered later than the rest: `$RS("S:segment","P:placeholder")`.
const SEGMENT_COMPLETION = /\$RS\("S:(\d+)","P:(\d+)"\)/g;

/** One move the inline scripts would make: the segment, and where it goes (`B:n` or `P:n`). */
interface Move {
  target: string;
  segment: string;
}

/** The document with every completed boundary and late part in place, and no script. */
export function completeStreamedHtml(html: string): string {
  const moves: Move[] = [];
  const stylesheets = new Map<string, string>();
  for (const [, boundary, segment, styles] of html.matchAll(COMPLETION)) {
    moves.push({ target: `B:${boundary}`, segment: segment! });
    for (const [href, link] of stylesheetLinks(styles)) stylesheets.set(href, link);
  }
  for (const [, segment, placeholder] of html.matchAll(SEGMENT_COMPLETION)) {
    moves.push({ target: `P:${placeholder}`, segment: segment! });
  }
  const { document, segments, hoisted } = takeSegments(html);
  let result = document;
  // Content may hold boundaries and placeholders of its own, filled by later segments: until
  // nothing moves.
  for (let round = 0; round < 100 && moves.length > 0; round++) {
    const before = moves.length;
    for (const move of [...moves]) {
      const content = segments.get(move.segment);
      if (content === undefined) continue;
      const placed = move.target.startsWith('B:')
        ? placeBoundary(result, move.target.slice(2), content)
        : placeSegment(result, move.target, content);
      if (placed === undefined) continue;
      result = placed;
      moves.splice(moves.indexOf(move), 1);
    }
    if (moves.length === before) break;
  }
  return withMetadataInHead(withoutScripts(result), [...hoisted, ...stylesheets.values()]);
}

/**
 * The `<link rel="stylesheet">` elements a `$RR` completion would add to `<head>` (by href): the
 * boundary's content needs them, and the stream carries only their preloads.
 */
function stylesheetLinks(styles: string | undefined): [string, string][] {
  if (styles === undefined) return [];
  let list: unknown;
  try {
    list = JSON.parse(styles);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  const links: [string, string][] = [];
  for (const entry of list) {
    if (!Array.isArray(entry) || !entry.every((part) => typeof part === 'string')) continue;
    const [href, precedence, ...pairs] = entry;
    if (href === undefined || precedence === undefined) continue;
    let attributes = '';
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const name = pairs[i]!;
      // Plain attributes only (media, crossorigin, integrity…): no handler, nothing odd.
      if (/^[a-z][a-z-]{0,31}$/.test(name) && !name.startsWith('on')) {
        attributes += ` ${name}="${attributeText(pairs[i + 1]!)}"`;
      }
    }
    links.push([
      href,
      `<link rel="stylesheet" href="${attributeText(href)}" data-precedence="${attributeText(precedence)}"${attributes}/>`,
    ]);
  }
  return links;
}

function attributeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The document with the page's metadata (the `<title>`, `<meta>` and `<link>` elements React
 * streams just before a late segment, and moves into `<head>` with a script) in `<head>`, where a
 * browser that runs no script reads it (it asks for /favicon.ico when the icon is not there).
 * Only those: an SVG icon's `<title>` or an item's microdata `<meta itemprop>` in the page's
 * content stays where it is.
 */
function withMetadataInHead(html: string, hoisted: readonly string[]): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1 || hoisted.length === 0) return html;
  let head = html.slice(0, headEnd);
  if (hoisted.some((element) => element.startsWith('<title'))) {
    head = head.replace(/<title\b[^>]*>[\s\S]*?<\/title>/, '');
  }
  return head + hoisted.join('') + html.slice(headEnd);
}

/** `html` with the placeholder `<template id="P:n">` replaced by `content`, if it is there. */
function placeSegment(html: string, target: string, content: string): string | undefined {
  const placeholder = `<template id="${target}"></template>`;
  const at = html.indexOf(placeholder);
  if (at === -1) return undefined;
  return `${html.slice(0, at)}${content}${html.slice(at + placeholder.length)}`;
}

/**
 * The static shell of a streamed page: the document without its streamed segments and scripts,
 * every boundary still showing its fallback. A resume of the same page (the answer to a form
 * post, which Next sends without the shell) completes it: `completeStreamedHtml(shell + resume)`.
 */
export function streamedShell(html: string): string {
  const { document, hoisted } = takeSegments(html);
  return withMetadataInHead(withoutScripts(document), hoisted).replace(/<\/body><\/html>\s*$/, '');
}

// The elements React hoists into `<head>` (title, meta, link), written right before a segment.
const HOISTED_BEFORE_SEGMENT = /(?:<title\b[^>]*>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>)+$/;
const HOISTABLE = /<title\b[^>]*>[^<]*<\/title>|<meta\b[^>]*>|<link\b[^>]*>/g;

/**
 * The hidden segments (`S:n` → their inner HTML), the elements React streamed right before them
 * for `<head>`, and the document without either.
 */
function takeSegments(html: string): {
  document: string;
  segments: Map<string, string>;
  hoisted: string[];
} {
  const segments = new Map<string, string>();
  const hoisted: string[] = [];
  let document = '';
  let from = 0;
  for (const match of html.matchAll(SEGMENT)) {
    if (match.index < from) continue;
    const start = match.index + match[0].length;
    const end = closingDiv(html, start);
    if (end === undefined) continue;
    segments.set(match[1]!, html.slice(start, end));
    const before = html.slice(from, match.index);
    const forHead = HOISTED_BEFORE_SEGMENT.exec(before);
    if (forHead !== null) hoisted.push(...forHead[0].match(HOISTABLE)!);
    document += forHead === null ? before : before.slice(0, forHead.index);
    from = end + '</div>'.length;
  }
  return { document: document + html.slice(from), segments, hoisted };
}

/** Where the `</div>` closing a div whose content starts at `start` is, skipping raw text. */
function closingDiv(html: string, start: number): number | undefined {
  let depth = 1;
  const tags = /<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1>|<div[\s>]|<\/div>/gi;
  tags.lastIndex = start;
  for (let tag = tags.exec(html); tag !== null; tag = tags.exec(html)) {
    const text = tag[0].toLowerCase();
    if (text.startsWith('<div')) depth++;
    else if (text === '</div>') {
      depth--;
      if (depth === 0) return tag.index;
    }
  }
  return undefined;
}

/**
 * `html` with the fallback of boundary `B:id` replaced by `content`, or `undefined` when the
 * boundary is not (yet) in it.
 */
function placeBoundary(html: string, id: string, content: string): string | undefined {
  const opening = `<!--$?--><template id="B:${id}"></template>`;
  const start = html.indexOf(opening);
  if (start === -1) return undefined;
  const fallbackStart = start + opening.length;
  const end = boundaryEnd(html, fallbackStart);
  if (end === undefined) return undefined;
  return `${html.slice(0, start)}<!--$-->${content}${html.slice(end)}`;
}

/** Where the `<!--/$-->` closing the boundary whose fallback starts at `start` is. */
function boundaryEnd(html: string, start: number): number | undefined {
  let depth = 1;
  const markers = /<!--(\$[?!]?|\/\$)-->/g;
  markers.lastIndex = start;
  for (let marker = markers.exec(html); marker !== null; marker = markers.exec(html)) {
    if (marker[1] === '/$') {
      depth--;
      if (depth === 0) return marker.index;
    } else depth++;
  }
  return undefined;
}

/** The document without its scripts (JSON data blocks kept) and without the no-script redirect. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<noscript data-vitrine-no-script="">[\s\S]*?<\/noscript>/g, '');
}
