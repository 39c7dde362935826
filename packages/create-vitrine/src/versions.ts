/**
 * The versions a new shop's package.json names, fixed when create-vitrine is built (tsup's
 * `define`, from the repository's packages and what it installs).
 */

/** A version for each package a new shop depends on. */
export interface StarterVersions {
  '@vitrine/next': string;
  '@vitrine/react': string;
  '@vitrine/sdk': string;
  '@vitrine/emulator': string;
  next: string;
  react: string;
  'react-dom': string;
  typescript: string;
  '@types/node': string;
  '@types/react': string;
  '@types/react-dom': string;
  'playwright-core': string;
}

declare const __STARTER_VERSIONS__: StarterVersions;
declare const __CREATE_VITRINE_VERSION__: string;

/** The versions this build of create-vitrine writes. */
export function starterVersions(): StarterVersions {
  return __STARTER_VERSIONS__;
}

/** The version of this create-vitrine. */
export function createVitrineVersion(): string {
  return __CREATE_VITRINE_VERSION__;
}
