// Load test: starts the emulator on loopback in this thread, runs 32 concurrent keep-alive
// connections in a worker thread (so client and server each get a core, as a real client would),
// measures cart and catalog reads for a fixed time each, and writes BENCHMARKS.md.
// Bounded in time; talks only to 127.0.0.1. Run with `npm run bench` after `npm run build`.
import { Buffer } from 'node:buffer';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { URL, fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const CONCURRENCY = 32;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const WARMUP_MS = 1000;

/** One HTTP request over a keep-alive agent; resolves with status and body. */
function request(agent, base, method, path, { token, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: {
          ...(token ? { authorization: token } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * One keep-alive connection that sends a request, waits for the whole response, and repeats
 * (like autocannon: raw sockets keep the load generator's own cost low, so the figures measure
 * the emulator rather than the client). Calls `done(status, ms)` per response.
 */
function connection(base, payload, done, shouldStop) {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = 0;
    const send = () => {
      if (shouldStop()) {
        socket.end();
        return;
      }
      started = performance.now();
      socket.write(payload);
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const head = buffer.subarray(0, headerEnd).toString('latin1');
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < headerEnd + 4 + length) return;
      buffer = buffer.subarray(headerEnd + 4 + length);
      done(Number(head.slice(9, 12)), performance.now() - started);
      send();
    });
    socket.on('close', resolve);
    socket.on('error', resolve);
  });
}

/** Worker: hammers one path over 32 connections, then reports latencies. */
async function runWorker() {
  const { url, path, token } = workerData;
  const base = new URL(url);
  const payload = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: ${base.host}\r\nAuthorization: ${token}\r\nConnection: keep-alive\r\n\r\n`,
  );
  const latencies = [];
  let errors = 0;
  let stop = false;
  let measuring = false;
  const record = (status, ms) => {
    if (status !== 200) errors += 1;
    if (measuring) latencies.push(ms);
  };
  const clients = Array.from({ length: CONCURRENCY }, () =>
    connection(base, payload, record, () => stop),
  );
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  measuring = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  measuring = false;
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(clients);
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  parentPort.postMessage({
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
  });
}

async function main() {
  const { STORES_APP_ID, encodeDotR, startEmulator } = await import('../dist/index.js');
  const emulator = await startEmulator({ port: 0 });
  const base = new URL(emulator.url);
  const agent = new http.Agent({ keepAlive: true });
  const call = (method, path, options) => request(agent, base, method, path, options);
  const loadBefore = os.loadavg()[0];
  try {
    const grant = await call('POST', '/oauth2/token', {
      body: { clientId: emulator.clientId, grantType: 'anonymous' },
    });
    const token = JSON.parse(grant.body).access_token;
    const query = await call('POST', '/stores-reader/v1/products/query-platformized', {
      token,
      body: { query: { filter: { manageVariants: false }, paging: { limit: 3 } } },
    });
    const products = JSON.parse(query.body).products;
    await call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: {
        lineItems: products.map((p) => ({
          catalogReference: { catalogItemId: p.id, appId: STORES_APP_ID },
          quantity: 2,
        })),
      },
    });
    const scenarios = [
      ['GET /ecom/v1/carts/current (3 lines)', '/ecom/v1/carts/current'],
      ['GET /stores-reader/v1/products/{id}', `/stores-reader/v1/products/${products[0].id}`],
      [
        'GET /stores-reader/v1/products/query-platformized (.r, 12 per page)',
        `/stores-reader/v1/products/query-platformized?.r=${encodeDotR({ query: { filter: { 'stock.inventoryStatus': 'IN_STOCK' }, paging: { limit: 12 } } })}`,
      ],
    ];
    const results = [];
    for (const [name, path] of scenarios) {
      const worker = new Worker(fileURLToPath(import.meta.url), {
        workerData: { url: emulator.url, path, token },
      });
      const result = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      results.push({ name, ...result });
      console.log(
        `${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ${result.errors} errors`,
      );
    }
    const lines = [
      '# Benchmarks',
      '',
      'Made by `npm run bench` in `packages/emulator` (runs `node bench/load.mjs` on the built package):',
      `${CONCURRENCY} concurrent keep-alive connections on loopback (one request in flight each), ${WARMUP_MS / 1000} s warm-up then ${DURATION_MS / 1000} s measured per row.`,
      'The emulator runs in the main thread; the clients run in a worker thread of the same process and speak',
      'HTTP/1.1 over raw sockets (as autocannon does) so that the client costs little of the shared CPU.',
      '',
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}.`,
      `Date: ${new Date().toISOString().slice(0, 10)}. Load average (1 min) before the run: ${loadBefore.toFixed(2)}; other work on the`,
      'machine competes for the same two cores, so compare runs made at a low load.',
      '',
      '| call | requests/s | p50 ms | p99 ms | errors |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`,
      ),
      '',
      'Target: at least 3000 cart reads per second on the 2-core development machine.',
      '',
    ];
    await writeFile(fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url)), lines.join('\n'));
  } finally {
    agent.destroy();
    await emulator.close();
  }
}

if (isMainThread) await main();
else await runWorker();
