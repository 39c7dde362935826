/**
 * `npm create vitrine@latest my-shop` (the `create-vitrine` command): writes a Next.js shop on
 * `@vitrine/next` into a new folder and says what to run next.
 */
import { createInterface } from 'node:readline/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isCreateVitrineError } from './errors.js';
import { scaffold } from './scaffold.js';
import { createVitrineVersion, starterVersions, type StarterVersions } from './versions.js';

const USAGE = `Usage: npm create vitrine@latest <folder> [-- --packages <dir>]

Writes a Next.js shop on @vitrine/next into <folder> (a new or empty folder; its name is the
shop's package name). Then: cd <folder> && npm install && npm run dev

Options:
  --packages <dir>  For testing: take @vitrine/* from the npm pack tarballs in <dir>
                    (also VITRINE_PACKAGES_DIR) instead of the registry
  -h, --help        Show this help
  -v, --version     Show the version of create-vitrine
`;

/** Where the command writes, and what it reads from its environment: injected for tests. */
export interface CliEnvironment {
  write(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Asks for the folder when none is given; `undefined` when there is no one to ask. */
  ask?: ((question: string) => Promise<string>) | undefined;
  versions?: StarterVersions;
  /** This create-vitrine's version (`--version`). */
  version?: string;
}

/**
 * Runs the command with `args` (`process.argv.slice(2)`); resolves with the exit code.
 * @example process.exitCode = await main(['my-shop']);
 */
export async function main(
  args: readonly string[],
  io: CliEnvironment = processIo(),
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        packages: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    io.write(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const versions = io.versions ?? starterVersions();
  if (values.help) return (io.write(USAGE), 0);
  if (values.version) return (io.write(`${io.version ?? createVitrineVersion()}\n`), 0);
  if (positionals.length > 1) return (io.write(`One folder, please.\n\n${USAGE}`), 1);

  const folder = positionals[0] ?? (await io.ask?.('Where should the shop go? (my-shop) '));
  if (folder === undefined) return (io.write(USAGE), 1);
  try {
    const { directory, name } = scaffold({
      directory: resolve(io.cwd, folder.trim() || 'my-shop'),
      versions,
      packagesDir: values.packages ?? (io.env.VITRINE_PACKAGES_DIR || undefined),
    });
    const where = relative(io.cwd, directory) || '.';
    io.write(
      `\nA new Vitrine shop, ${name}, is in ${directory}.\n\n` +
        'Next:\n' +
        (where === '.' ? '' : `  cd ${where.includes(' ') ? JSON.stringify(where) : where}\n`) +
        '  npm install\n' +
        '  npm run dev      # the shop on a local store emulator\n\n' +
        'Also: npm run build && npm start (production), npm test (a browser journey).\n' +
        'Its README says how to point it at your store.\n',
    );
    return 0;
  } catch (error) {
    if (!isCreateVitrineError(error)) throw error;
    io.write(`${error.message}\n`);
    return 1;
  }
}

function processIo(): CliEnvironment {
  return {
    write: (text) => void process.stdout.write(text),
    env: process.env,
    cwd: process.cwd(),
    ask: process.stdin.isTTY
      ? async (question) => {
          const prompt = createInterface({ input: process.stdin, output: process.stdout });
          try {
            return await prompt.question(question);
          } finally {
            prompt.close();
          }
        }
      : undefined,
  };
}
