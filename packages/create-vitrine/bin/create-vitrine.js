#!/usr/bin/env node
// `npm create vitrine@latest my-shop`: see ../README.md.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  process.stderr.write(
    `create-vitrine needs Node.js 20.19 or later (this is ${process.version}).\n`,
  );
  process.exit(1);
}
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
