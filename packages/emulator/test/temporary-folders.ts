/**
 * Vitest global setup: the run gets a temporary directory of its own (TMPDIR, which `os.tmpdir()`
 * reads and test workers and the processes they start inherit), and the run fails if any test
 * left a file or folder in it. The directory is removed either way.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const run = mkdtempSync(join(tmpdir(), 'vitrine-emulator-run-'));
  process.env.TMPDIR = run;
  return () => {
    const left = readdirSync(run);
    rmSync(run, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (left.length === 0) return;
    // A teardown's error is only printed: the exit code is what fails the run.
    process.exitCode = 1;
    throw new Error(`Tests left temporary folders behind: ${left.sort().join(', ')}`);
  };
}
