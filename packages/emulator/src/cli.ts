/**
 * `npx @vitrine/emulator` (the `vitrine-emulator` command): runs the emulator until Ctrl-C, a
 * SIGTERM or SIGHUP, or until the process that started it goes away (see cli/run.ts for the
 * flags, cli/lifetime.ts for the stopping).
 */
import { watchLifetime } from './cli/lifetime.js';
import { USAGE, UsageError, runCli } from './cli/run.js';

// A terminal or pipe that went away must not stop the emulator before it has written its state.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

const io = {
  out: (t: string) => void process.stdout.write(t),
  err: (t: string) => void process.stderr.write(t),
};

runCli(process.argv.slice(2), io).then(
  (emulator) => {
    if (!emulator) return;
    watchLifetime(
      () => emulator.close(),
      (reason) =>
        io.out(
          reason === 'parent-gone'
            ? 'The process that started the emulator is gone: stopping…\n'
            : 'Stopping…\n',
        ),
    );
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      io.err(`vitrine-emulator: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    io.err(`vitrine-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
