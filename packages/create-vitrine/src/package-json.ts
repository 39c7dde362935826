/** The new shop's package.json. */
import type { VitrinePackage } from './tarballs.js';
import type { StarterVersions } from './versions.js';

/** A package.json, as written. */
export interface StarterPackageJson {
  name: string;
  version: string;
  private: true;
  type: 'module';
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  overrides?: Record<string, string>;
}

/**
 * The shop's manifest: Next.js, React and the Vitrine packages at the versions this
 * create-vitrine was built with (Next.js and React exactly, as create-next-app writes them), the
 * emulator and the browser test's driver as development tools. `tarballs`: `file:` specs that
 * replace the registry's `@vitrine/*` packages, the shop's own dependencies and theirs alike
 * (`overrides`).
 */
export function starterPackageJson(
  name: string,
  versions: StarterVersions,
  tarballs?: Record<VitrinePackage, string>,
): StarterPackageJson {
  const vitrine = (pkg: VitrinePackage) => tarballs?.[pkg] ?? `^${versions[pkg]}`;
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: {
      dev: 'node scripts/shop.mjs dev',
      build: 'next build',
      start: 'node scripts/shop.mjs start',
      test: 'node --test e2e/journey.test.mjs',
      typecheck: 'tsc --noEmit',
    },
    dependencies: {
      '@vitrine/next': vitrine('@vitrine/next'),
      '@vitrine/react': vitrine('@vitrine/react'),
      '@vitrine/sdk': vitrine('@vitrine/sdk'),
      next: versions.next,
      react: versions.react,
      'react-dom': versions['react-dom'],
    },
    devDependencies: {
      '@types/node': `^${versions['@types/node']}`,
      '@types/react': `^${versions['@types/react']}`,
      '@types/react-dom': `^${versions['@types/react-dom']}`,
      '@vitrine/emulator': vitrine('@vitrine/emulator'),
      'playwright-core': `^${versions['playwright-core']}`,
      typescript: `^${versions.typescript}`,
    },
    ...(tarballs === undefined ? {} : { overrides: { ...tarballs } }),
  };
}
