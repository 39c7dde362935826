import { fork } from 'node:child_process';
import ky from 'ky';
import { createStoreClient } from '/work/main/packages/sdk/dist/index.js';
import { createStoreClient as createOld } from '/tmp/oldsdk/packages/sdk/dist/index.js';
const child = fork('/work/main/packages/sdk/bench/loopback-server.mjs', { stdio: 'inherit' });
const port = await new Promise((r) => child.once('message', ({ port }) => r(port)));
const origin = `http://127.0.0.1:${port}`;
const TOKENS = { accessToken: { value: 'at_b', expiresAt: Math.floor(Date.now()/1000)+86400 }, refreshToken: { value: 'rt_b', role: 'visitor' } };
const path = '/stores-reader/v1/products/p1';
const kyClient = ky.create({ timeout: 30_000 });
const store = createStoreClient({ clientId: 'bench', baseUrl: origin, tokens: TOKENS });
const oldStore = createOld({ clientId: 'bench', baseUrl: origin, tokens: TOKENS });
const variants = {
  ky: () => kyClient.get(origin + path, { headers: { authorization: 'at_b' } }).json(),
  sdk: () => store.products.get('p1'),
  old: () => oldStore.products.get('p1'),
};
async function cpu(call, n) { const s = process.cpuUsage(); for (let i=0;i<n;i++) await call(); const u = process.cpuUsage(s); return (u.user+u.system)/n; }
for (const c of Object.values(variants)) await cpu(c, 500);
const res = { ky: [], sdk: [], old: [] };
for (let r = 0; r < 5; r++) for (const [k, c] of Object.entries(variants)) res[k].push(await cpu(c, 1000));
const med = (a) => a.sort((x,y)=>x-y)[2];
console.log('ky', med(res.ky).toFixed(0), 'old', med(res.old).toFixed(0), 'sdk', med(res.sdk).toFixed(0), 'new/old', (med(res.sdk)/med(res.old)).toFixed(2), 'new/ky', (med(res.sdk)/med(res.ky)).toFixed(2));
child.kill();
