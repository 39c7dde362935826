// What the Next shop's benchmarks share: timed GETs with a cookie jar, the built shop's server,
// the emulator in a process of its own (so each process's CPU can be told apart), CPU time of a
// process, percentiles, and writing a section of BENCHMARKS.md between its markers.
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const COMMAND = 'npm run bench -w @vitrine/next-storefront';

/** Fails with the command to run when the shop has not been built. */
export function assertBuilt() {
  if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) {
    console.error('Build the shop first: npm run build -w @vitrine/next-storefront');
    process.exit(1);
  }
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function load() {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

/** The commit measured (`-dirty` when the worktree has changes). */
export function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
      .toString()
      .trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', '.', '../../packages', ':!BENCHMARKS.md'],
      {
        cwd: ROOT,
      },
    )
      .toString()
      .trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

/** One line saying what, when, where: the command, the date, the commit, Node, the cores, the load. */
export function provenance(what) {
  const when = new Date()
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, ' UTC')
    .replace('T', ' ');
  const env = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  return (
    `Measured ${when} with \`${env}${COMMAND} -- ${what}\` at commit \`${commit()}\` ` +
    `(Node ${process.version}, ${cpus().length} cores: ${cpus()[0]?.model ?? 'unknown CPU'}; ` +
    `load average ${load()} at the end).`
  );
}

/** The store's read of which catalog it runs, in the emulator's log (once per shop process). */
export const VERSION_READ = /^GET \/stores\/v3\/provision\/version /;

/**
 * Whether an emulator log line ("GET /stores/v3/products/search 200 3.1ms id") is a catalog
 * read of either catalog (products, stock, collections, categories), the version read left out.
 */
export function isCatalogCall(line) {
  return (
    /^\S+ \/(stores(-reader)?\/v[13]\/|v2\/collections|categories\/v1\/)/.test(line) &&
    !VERSION_READ.test(line)
  );
}

/** The catalog the benchmarks' store runs (run.mjs `--catalog`, BENCH_CATALOG). */
export const BENCH_CATALOG = process.env.BENCH_CATALOG === 'v3' ? 'v3' : 'v1';

/** A cookie jar of one browser: `name → value`, updated from each response's `set-cookie`. */
export class CookieJar {
  values = new Map();

  /** The `cookie` request header. */
  header() {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Applies `set-cookie` headers (a `Max-Age=0` or a past expiry deletes). */
  update(setCookies) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (gone) this.values.delete(name);
      else this.values.set(name, value);
    }
  }
}

/**
 * One GET (with `headers`): ms to the first body byte, to `marker` in the body and to the last
 * byte, the status and the `set-cookie` headers (applied to `jar` when there is one).
 */
export function timedGet(url, { jar, marker, agent, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte;
    let markerAt;
    let body = '';
    const cookie = jar?.header();
    const options = {
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(agent ? { agent } : {}),
    };
    const req = request(url, options, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        firstByte ??= performance.now() - started;
        body += chunk;
        if (marker && markerAt === undefined && body.includes(marker)) {
          markerAt = performance.now() - started;
        }
      });
      response.on('end', () => {
        const setCookie = response.headers['set-cookie'] ?? [];
        jar?.update(setCookie);
        resolve({
          status: response.statusCode,
          firstByte: firstByte ?? performance.now() - started,
          marker: markerAt ?? Number.NaN,
          total: performance.now() - started,
          setCookie,
          body,
        });
      });
      response.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url} took over 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** A keep-alive agent, as one browser keeps its connections. */
export function browserAgent() {
  return new Agent({ keepAlive: true, maxSockets: 6 });
}

/** The value at quantile `q` (0–1) of `values`, nearest rank. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)];
}
export const median = (values) => quantile(values, 0.5);
export const ms = (value) => `${value.toFixed(0)} ms`;

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** This process's CPU time so far, in ms. */
export function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The emulator in a child process (emulator-process.mjs): `url`, `clientId`, `pid`, the request
 * log (`served`, one line per request) and `grants()`, `fault()`, `clearFaults()`, `close()`.
 */
export async function startEmulatorProcess() {
  const child = fork(join(ROOT, 'bench', 'emulator-process.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const served = [];
  const waiting = new Map();
  let nextId = 0;
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The emulator exited (${String(code)})`)));
    child.on('message', (message) => {
      if (message.type === 'ready') resolve(message);
      else if (message.type === 'log') served.push(...message.lines);
      else if (message.type === 'reply') {
        waiting.get(message.id)?.(message.value);
        waiting.delete(message.id);
      }
    });
  });
  const { url, clientId } = await ready;
  const ask = (command, argument) =>
    new Promise((resolve) => {
      nextId += 1;
      waiting.set(nextId, resolve);
      child.send({ id: nextId, command, argument });
    });
  return {
    url,
    clientId,
    pid: child.pid,
    served,
    /** The request log up to now, every line the emulator has written sent over. */
    flush: () => ask('flush'),
    grants: () => ask('grants'),
    fault: (rule) => ask('fault', rule),
    clearFaults: () => ask('clearFaults'),
    close: async () => {
      await ask('close');
      child.disconnect();
    },
  };
}

/**
 * Replaces BENCHMARKS.md's text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`
 * with `lines`; says so, or that the markers are missing.
 */
export function writeSection(name, lines) {
  const file = join(ROOT, 'BENCHMARKS.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) {
    console.log(`\n(BENCHMARKS.md has no ${start} … ${end} markers: not written)`);
    return;
  }
  writeFileSync(
    file,
    `${text.slice(0, from + start.length)}\n${lines.join('\n')}\n${text.slice(to)}`,
  );
  console.log(`\nWritten to ${file} (${name})`);
}
