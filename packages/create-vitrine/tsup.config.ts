import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'tsup';
import type { StarterVersions } from './src/versions';

// The versions a new shop depends on, read from this repository when the package is built: the
// `@vitrine/*` packages at their own versions, Next.js, React and the tools at the versions the
// repository installs (what its own Next shop is built and tested with).
const require = createRequire(import.meta.url);
const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string })
    .version;

const versions: StarterVersions = {
  '@vitrine/next': versionOf('@vitrine/next'),
  '@vitrine/react': versionOf('@vitrine/react'),
  '@vitrine/sdk': versionOf('@vitrine/sdk'),
  '@vitrine/emulator': versionOf('@vitrine/emulator'),
  next: versionOf('next'),
  react: versionOf('react'),
  'react-dom': versionOf('react-dom'),
  typescript: versionOf('typescript'),
  '@types/node': versionOf('@types/node'),
  '@types/react': versionOf('@types/react'),
  '@types/react-dom': versionOf('@types/react-dom'),
  'playwright-core': versionOf('playwright-core'),
};

export default defineConfig({
  entry: ['src/cli.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  define: {
    __STARTER_VERSIONS__: JSON.stringify(versions),
    __CREATE_VITRINE_VERSION__: JSON.stringify(versionOf('create-vitrine')),
  },
});
