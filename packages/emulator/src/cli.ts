/** `vitrine-emulator`: runs the emulator until Ctrl-C (see cli/run.ts for the flags). */
import { USAGE, UsageError, runCli } from './cli/run.js';

const io = {
  out: (t: string) => void process.stdout.write(t),
  err: (t: string) => void process.stderr.write(t),
};

runCli(process.argv.slice(2), io).then(
  (emulator) => {
    if (!emulator) return;
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      io.out('Stopping…\n');
      emulator.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
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
