/**
 * Writing a new shop: the template copied as it is, its package.json written for the shop's name
 * and the versions of this create-vitrine.
 */
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateVitrineError } from './errors.js';
import { starterPackageJson } from './package-json.js';
import { tarballSpecs } from './tarballs.js';
import type { StarterVersions } from './versions.js';

/** What {@link scaffold} takes. */
export interface ScaffoldOptions {
  /** The new shop's folder, made here; it may exist if it is empty. Its name is the package's. */
  directory: string;
  /** The versions to depend on. */
  versions: StarterVersions;
  /**
   * A folder of `npm pack` tarballs of the `@vitrine/*` packages, used instead of the registry's
   * (for testing before a release).
   */
  packagesDir?: string | undefined;
  /**
   * The template to copy.
   * @default the package's `template/` folder
   */
  templateDir?: string;
}

/** What {@link scaffold} wrote. */
export interface ScaffoldResult {
  /** The shop's folder, absolute. */
  directory: string;
  /** Its package name. */
  name: string;
}

// npm's rule for a new package's name (no scope: a folder name).
const PACKAGE_NAME = /^[a-z0-9][a-z0-9._~-]*$/;
// Files of the template whose shop name is replaced: the constant the pages show, the README.
const NAMED_FILES = ['lib/shop.ts', 'README.md'];
const TEMPLATE_NAME = 'My Shop';

/**
 * Writes a new shop into `options.directory`.
 *
 * @example scaffold({ directory: 'my-shop', versions: starterVersions() })
 * @throws {CreateVitrineError} when the folder's name is not a valid package name, the folder
 * is not empty, or a tarball of `packagesDir` is missing.
 */
export function scaffold(options: ScaffoldOptions): ScaffoldResult {
  const directory = resolve(options.directory);
  const name = basename(directory);
  if (!PACKAGE_NAME.test(name) || name.length > 214) {
    throw new CreateVitrineError(
      `"${name}" cannot name a package: use lower-case letters, digits, "-", "." or "_" ` +
        '(for example my-shop).',
    );
  }
  if (existsSync(directory) && readdirSync(directory).length > 0) {
    throw new CreateVitrineError(`${directory} is not empty: choose a new folder.`);
  }
  const tarballs =
    options.packagesDir === undefined
      ? undefined
      : tarballSpecs(options.packagesDir, options.versions);
  const template = options.templateDir ?? fileURLToPath(new URL('../template/', import.meta.url));

  cpSync(template, directory, {
    recursive: true,
    // Judged by the path inside the template: npm installs this package itself under a
    // node_modules folder (`npm create`, `npm exec`), where every template file's full path
    // holds `/node_modules/`.
    filter: (source) => !isBuildOutput(relative(template, source)),
  });
  // npm leaves a package's .gitignore out of its tarball: the template holds it as `gitignore`.
  renameSync(join(directory, 'gitignore'), join(directory, '.gitignore'));
  for (const file of NAMED_FILES) {
    const path = join(directory, file);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll(TEMPLATE_NAME, shopTitle(name)));
  }
  const manifest = starterPackageJson(name, options.versions, tarballs);
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { directory, name };
}

/**
 * The shop's name as its pages show it.
 * @example shopTitle('my-shop') // 'My Shop'
 */
export function shopTitle(name: string): string {
  return name
    .split(/[-._~]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// What the template folder may hold in a working copy of the repository, never copied: `path`
// is inside the template (`''` for the template itself).
function isBuildOutput(path: string): boolean {
  return /(^|[\\/])(node_modules|\.next|\.vitrine)([\\/]|$)|next-env\.d\.ts$|tsconfig\.tsbuildinfo$/.test(
    path,
  );
}
