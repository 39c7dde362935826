// The emulator in a process of its own, for the benchmarks (lib.mjs `startEmulatorProcess`): its
// CPU is then its own, apart from the shop's server and the load generator. It sends its request
// log to its parent in batches and answers a few commands; it exits with its parent.
import { startEmulator } from '@vitrine/emulator';

let pending = [];
// BENCH_CATALOG (run.mjs `--catalog v3`): the catalog the store runs.
const catalog = process.env.BENCH_CATALOG === 'v3' ? 'v3' : 'v1';
const emulator = await startEmulator({ port: 0, catalog, logger: (line) => pending.push(line) });

function flush() {
  if (pending.length === 0) return;
  process.send?.({ type: 'log', lines: pending });
  pending = [];
}
const timer = setInterval(flush, 200);

process.on('disconnect', () => process.exit(0));
process.on('message', async ({ id, command, argument }) => {
  let value = null;
  if (command === 'grants') value = emulator.grants();
  else if (command === 'fault') emulator.injectFault(argument);
  else if (command === 'clearFaults') emulator.clearFaults();
  else if (command === 'close') {
    clearInterval(timer);
    await emulator.close();
  }
  // Every log line written before the command was answered goes first.
  flush();
  process.send?.({ type: 'reply', id, value });
});
process.send?.({ type: 'ready', url: emulator.url, clientId: emulator.clientId });
