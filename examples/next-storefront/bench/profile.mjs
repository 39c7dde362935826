// `node bench/run.mjs profile`: where a warm product page's CPU goes on the shop's server. The
// BUILT shop runs with `node --cpu-prof`; a returning visitor with a cart views the product page
// N times (4 at a time) after a warm-up; the profile's samples inside that window are mapped back
// to their sources (the build's and Next's source maps) and grouped. Prints ms of CPU per page
// (from /proc and from the profile) and the top self-time items.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AnyMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { startEmulator } from '@vitrine/emulator';
import { CookieJar, cpuMsOf, provenance, timedGet, writeSection } from './lib.mjs';
import { BENCH_CATALOG } from './lib.mjs';
import { startShop } from './shop.mjs';
import { CART_PRODUCT, cartLine, returningVisitor } from './visitors.mjs';

const VIEWS = Number(process.env.BENCH_PROFILE_VIEWS ?? 400);
const NEW_VISITORS = Boolean(process.env.BENCH_PROFILE_NEW);
const AT_ONCE = 4;
const PAGE = '/products/brass-ruler';
const MARKER = '<h1>Brass Ruler</h1>';
const TOP = 25;

/** `views` product-page views, `AT_ONCE` at a time, by the visitor of `jar`. */
async function views(origin, jar, count) {
  let left = count;
  const lane = async () => {
    while (left > 0) {
      left -= 1;
      // BENCH_PROFILE_NEW=1: each view a new visitor's (no cookies: the proxy mints one).
      const as = NEW_VISITORS ? new CookieJar() : jar;
      const view = await timedGet(`${origin}${PAGE}`, { jar: as, marker: MARKER });
      if (view.status !== 200 || Number.isNaN(view.marker)) {
        throw new Error(`${PAGE} answered ${view.status} without its product`);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
}

// Source maps, by the generated file's path (null: none).
const maps = new Map();
function mapOf(file) {
  if (!maps.has(file)) {
    let map = null;
    try {
      if (existsSync(`${file}.map`)) {
        map = new AnyMap(readFileSync(`${file}.map`, 'utf8'), `${file}.map`);
      }
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** Where a profile node's code comes from: its original source and function, when mapped. */
function originOf({ url, functionName, lineNumber, columnNumber }) {
  if (!url) return { source: '', name: functionName };
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const map = file.startsWith('/') ? mapOf(file) : null;
  if (map && lineNumber >= 0) {
    const original = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
    if (original.source) {
      return { source: original.source, name: original.name ?? functionName, line: original.line };
    }
  }
  return { source: file, name: functionName, line: lineNumber + 1 };
}

/** The group a piece of code is counted in. */
export function groupOf(source, name) {
  if (name === '(garbage collector)') return 'V8: garbage collection';
  if (name === '(program)' || name === '(idle)' || name === '(root)') return 'V8: program / idle';
  if (/react-server-dom|react-flight|ReactFlight/.test(source)) {
    return 'serialization: React Flight (RSC payload encode/decode)';
  }
  if (/react-dom|ReactFizz|react\/cjs|\/react\/|react-reconciler/.test(source)) {
    return 'React render (Fizz: HTML)';
  }
  if (/packages\/next\/(src|dist)\/proxy|(^|\/)proxy\.ts$/.test(source)) {
    return 'our proxy (@vitrine/next/proxy)';
  }
  // ky and zustand come with the SDK (its HTTP client and its stores).
  if (/packages\/sdk\/|\/ky\/|zustand/.test(source)) return 'our code: @vitrine/sdk (with ky)';
  if (/packages\/(next|react)\/|examples\//.test(source)) {
    return 'our code: @vitrine/next, react, shop';
  }
  if (/next\/(dist|src)\/.*(server\/web\/|adapter|middleware)/.test(source)) {
    return 'Next: proxy (middleware) adapter';
  }
  if (/next\/(dist|src)\/.*use-cache|resume-data-cache|cache-handlers/.test(source)) {
    return "Next: 'use cache' entries";
  }
  if (/next\/(dist|src)\/.*metadata/.test(source)) return 'Next: metadata';
  if (/next\/(dist|src)\/.*(app-render|stream-utils|stream-ops)/.test(source)) {
    return 'Next: app render (orchestration, streams)';
  }
  if (/next\/dist|next\/src|\[turbopack\]|turbopack/.test(source)) {
    return 'Next: server, router, request handling';
  }
  if (/cookie/.test(source)) return 'cookies parsing';
  if (/^node:|^internal\//.test(source) || source === '') {
    if (/JSON|stringify|parse/.test(name)) return 'serialization: JSON';
    return 'Node & V8 built-ins (http, streams, buffers, crypto)';
  }
  if (/^wasm:/.test(source)) {
    return 'Node & V8 built-ins (http, streams, buffers, crypto)';
  }
  return `other: ${source.replace(/.*node_modules\//, '')}`;
}

// Code a sample may be running under (anywhere up its stack): its time counted inclusively.
const UNDER = [
  ['our proxy (createVitrineProxy, session)', /packages\/next\/(src|dist)\/proxy\//],
  [
    "Next's proxy adapter (runs proxy.ts)",
    /next\/src\/server\/web\/(adapter|sandbox)|run-middleware|middleware-route/,
  ],
  ['@vitrine/sdk (any call)', /packages\/sdk\//],
  ['readShopper / request store', /packages\/next\/(src|dist)\/server\//],
  ['React Flight: rendering the RSC payload', /react-server-dom-turbopack-server/],
  ['React Flight: reading an RSC payload (cache entries)', /react-server-dom-turbopack-client/],
  ['React Fizz: HTML', /react-dom-server/],
  ["'use cache' reads", /use-cache|cache-wrapper|resume-data-cache/],
];

/** Self time of the profile's samples between `from` and `to` (µs, V8's monotonic clock). */
function selfTimes(profile, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let at = profile.startTime;
  let inWindow = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + delta);
    inWindow += delta;
  }
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const under = new Map();
  for (const [id, micros] of self) {
    const hit = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const { source } = originOf(nodes.get(at).callFrame);
      for (const [label, pattern] of UNDER) if (pattern.test(source)) hit.add(label);
    }
    for (const label of hit) under.set(label, (under.get(label) ?? 0) + micros);
  }
  const items = new Map();
  for (const [id, micros] of self) {
    const frame = nodes.get(id).callFrame;
    const { source, name, line } = originOf(frame);
    let group = groupOf(source, name || '(anonymous)');
    if (group.startsWith('Node & V8')) {
      // Node's own work (writing to the socket, microtasks, text encoding) is counted in the group
      // of the nearest caller of ours, Next's or React's up the stack.
      for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
        const caller = originOf(nodes.get(at).callFrame);
        const callerGroup = groupOf(caller.source, caller.name || '(anonymous)');
        if (!callerGroup.startsWith('Node & V8') && !callerGroup.startsWith('V8: program')) {
          group = callerGroup;
          break;
        }
      }
    }
    const short = source
      .replace(/.*node_modules\//, '')
      .replace(/.*\/(packages|examples)\//, '$1/');
    const key = `${group}\u0000${name || '(anonymous)'} ${short}${line ? `:${line}` : ''}`;
    items.set(key, (items.get(key) ?? 0) + micros);
  }
  return { items, inWindow, under };
}

/** Runs the measure; prints and writes the figures. */
export async function runProfile() {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-cpu-prof-'));
  try {
    const { window, cpu } = await measure(dir);
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('The server wrote no CPU profile');
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    // BENCH_KEEP_PROFILE=path keeps the profile (open it in Chrome's DevTools, Performance tab).
    if (process.env.BENCH_KEEP_PROFILE) {
      copyFileSync(join(dir, file), process.env.BENCH_KEEP_PROFILE);
      writeFileSync(`${process.env.BENCH_KEEP_PROFILE}.window.json`, JSON.stringify(window));
    }
    report(selfTimes(profile, window.from, window.to), cpu, window.wall);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The measured views, the server profiling into `dir`; the window (µs) and the CPU (ms) used. */
async function measure(dir) {
  const emulator = await startEmulator({ port: 0, catalog: BENCH_CATALOG });
  try {
    const shop = await startShop({
      emulator,
      execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
    });
    try {
      const line = await cartLine(emulator, CART_PRODUCT, 2);
      const jar = await returningVisitor({ origin: shop.origin, emulator, line });
      await views(shop.origin, jar, 40);
      const before = cpuMsOf(shop.pid);
      const from = process.hrtime.bigint() / 1000n;
      const started = performance.now();
      await views(shop.origin, jar, VIEWS);
      const wall = performance.now() - started;
      const to = process.hrtime.bigint() / 1000n;
      const cpu = cpuMsOf(shop.pid) - before;
      // Asked to exit (not killed), the server writes its profile.
      await shop.exit();
      return { window: { from: Number(from), to: Number(to), wall }, cpu };
    } catch (error) {
      shop.stop();
      throw error;
    }
  } finally {
    await emulator.close();
  }
}

function report({ items, inWindow, under }, cpu, wall) {
  const busy = [...items].filter(([key]) => !key.startsWith('V8: program / idle'));
  const busyMicros = busy.reduce((sum, [, micros]) => sum + micros, 0);
  const groups = new Map();
  for (const [key, micros] of busy) {
    const group = key.split('\u0000')[0];
    groups.set(group, (groups.get(group) ?? 0) + micros);
  }
  // The profiler samples on the wall clock: on a shared machine, time the process waited for a core
  // lands on whatever it was running. Its shares are kept, scaled to the CPU /proc counted.
  const perPage = (micros) => `${(((micros / busyMicros) * cpu) / VIEWS).toFixed(2)} ms`;
  const share = (micros) => `${((micros / busyMicros) * 100).toFixed(0)} %`;
  const lines = [
    provenance('profile'),
    `${VIEWS} warm views of ${PAGE} by a returning visitor with a cart (${AT_ONCE} at a time, after 40 to warm), the server under \`node --cpu-prof\` (sampling every 200 µs, which itself costs some CPU). Wall ${(wall / 1000).toFixed(1)} s.`,
    '',
    `CPU per page: **${(cpu / VIEWS).toFixed(1)} ms** (the server process's user + system time, /proc); the profile sampled ${(inWindow / 1000 / VIEWS).toFixed(1)} ms of wall time per page, ${((busyMicros / inWindow) * 100).toFixed(0)} % of it busy; the figures below are its shares of the /proc CPU.`,
    '',
    '| group | CPU per page | share of busy |',
    '| --- | --- | --- |',
    ...[...groups]
      .sort((a, b) => b[1] - a[1])
      .map(([group, micros]) => `| ${group} | ${perPage(micros)} | ${share(micros)} |`),
    '',
    'Time spent anywhere under (inclusive; these overlap):',
    '',
    '| under | CPU per page |',
    '| --- | --- |',
    ...UNDER.map(([label]) => `| ${label} | ${perPage(under.get(label) ?? 0)} |`),
    '',
    `Top ${TOP} functions by self time:`,
    '',
    '| function (original source) | group | CPU per page | share |',
    '| --- | --- | --- | --- |',
    ...busy
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, micros]) => {
        const [group, what] = key.split('\u0000');
        return `| \`${what.replace(/\|/g, '\\|')}\` | ${group} | ${perPage(micros)} | ${share(micros)} |`;
      }),
  ];
  console.log(lines.join('\n'));
  writeSection(BENCH_CATALOG === 'v3' ? 'profile-v3' : 'profile', lines);
}
