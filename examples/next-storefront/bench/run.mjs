// `npm run bench` (the repository's, or this example's): the Next shop's benchmarks, each
// writing its figures to BENCHMARKS.md between its markers with the command, date, commit and
// load average that made them. `node bench/run.mjs [ttfb|weight|burst|profile]…` runs those
// named; with none, all four, one after another.
//   ttfb     first and last byte of a warm page, platform calls per view, at 0 and 150 ms of
//            added platform latency (one returning visitor)
//   weight   JavaScript a first visit of a product page downloads (gzip -9), against a blank
//            Next app of the same version and config built in a temporary folder; layout shift;
//            the cart count of a returning visitor with items
//   burst    100 returning and 100 new visitors at once, 3 pages each
//   profile  where a warm product page's CPU goes on the server (a V8 CPU profile)
// `--catalog v3` (or BENCH_CATALOG=v3) runs them against a Catalog V3 store (the emulator's
// default, Catalog V1, otherwise); the shop is the same build on either.
const RUNNERS = {
  ttfb: async () => (await import('./ttfb.mjs')).runTtfb(),
  weight: async () => (await import('./weight.mjs')).runWeight(),
  burst: async () => (await import('./burst.mjs')).runBurst(),
  profile: async () => (await import('./profile.mjs')).runProfile(),
};

const args = process.argv.slice(2);
const at = args.indexOf('--catalog');
if (at !== -1) {
  const catalog = args[at + 1];
  if (catalog !== 'v1' && catalog !== 'v3') {
    console.error(`--catalog must be v1 or v3, not ${String(catalog)}`);
    process.exit(1);
  }
  // Read by the emulator's process (emulator-process.mjs) and written beside the figures.
  process.env.BENCH_CATALOG = catalog;
  args.splice(at, 2);
}
const asked = args;
const unknown = asked.filter((name) => !(name in RUNNERS));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}: choose from ${Object.keys(RUNNERS).join(', ')}`,
  );
  process.exit(1);
}
for (const name of asked.length > 0 ? asked : Object.keys(RUNNERS)) {
  console.log(`\n## ${name}\n`);
  await RUNNERS[name]();
}
