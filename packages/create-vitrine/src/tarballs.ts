/**
 * The `@vitrine/*` packages as tarballs (`npm pack`'s output) instead of the registry's: for
 * testing create-vitrine and the packages before they are published.
 */
import { readdirSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { CreateVitrineError } from './errors.js';
import type { StarterVersions } from './versions.js';

/** The packages of this repository a new shop depends on. */
export const VITRINE_PACKAGES = [
  '@vitrine/next',
  '@vitrine/react',
  '@vitrine/sdk',
  '@vitrine/emulator',
] as const;

/** One of {@link VITRINE_PACKAGES}. */
export type VitrinePackage = (typeof VITRINE_PACKAGES)[number];

/**
 * The `file:` spec of each package's tarball in `directory` (`vitrine-next-0.1.0.tgz`, as
 * `npm pack` names it), at the version `versions` gives it.
 *
 * @throws {CreateVitrineError} when the folder cannot be read or a tarball is missing.
 */
export function tarballSpecs(
  directory: string,
  versions: StarterVersions,
): Record<VitrinePackage, string> {
  const folder = resolve(directory);
  let files: string[];
  try {
    files = readdirSync(folder);
  } catch {
    throw new CreateVitrineError(`Cannot read the packages folder ${folder}.`);
  }
  const specs = {} as Record<VitrinePackage, string>;
  const missing: string[] = [];
  for (const name of VITRINE_PACKAGES) {
    const file = `${name.slice(1).replace('/', '-')}-${versions[name]}.tgz`;
    if (files.includes(file)) specs[name] = `file:${resolve(folder, file).split(sep).join('/')}`;
    else missing.push(file);
  }
  if (missing.length > 0) {
    throw new CreateVitrineError(`The packages folder ${folder} has no ${missing.join(', ')}.`);
  }
  return specs;
}
