// One lint configuration for every workspace: typed rules from typescript-eslint, formatting left to Prettier.
import js from '@eslint/js';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { vitrinePlugin } from './scripts/eslint-no-cycle-counting-types.mjs';

// The SDK's layers, lowest first. A module imports only from its own layer and those below it:
// the HTTP core knows nothing of identity, identity nothing of the cart or the catalog, and
// only the client wires them together (docs: packages/sdk/README.md, "How the code is laid out").
const SDK_LAYERS = [
  ['models'],
  ['errors'],
  ['internal'],
  ['http'],
  ['redirects'],
  ['auth'],
  ['cart', 'catalog', 'webhooks', 'media'],
  // A member's orders are searched with the catalog's query language, and Catalog V3's reads
  // with its operators.
  ['members', 'orders', 'recommendations', 'catalog-v3'],
  // What a shop shows of either catalog, on each catalog's calls.
  ['storefront'],
  ['client'],
  ['server'],
];
const sdk = (folder) => new URL(`./packages/sdk/src/${folder}`, import.meta.url).pathname;
const layerZones = SDK_LAYERS.flatMap((layer, index) => {
  const above = SDK_LAYERS.slice(index + 1).flat();
  return layer.map((folder) => ({
    target: sdk(folder),
    // Siblings of one layer stay apart too: the cart does not reach into the catalog.
    from: [...above, ...layer.filter((sibling) => sibling !== folder)].map(sdk),
    message: `${folder}/ imports only from the layers below it.`,
  }));
}).filter((zone) => zone.from.length > 0);

// The emulator's floors, lowest first. A module imports only from its own floor and those below
// it: the models, the crypto helpers and HTTP know nothing of the areas; an area (catalog, cart,
// identity, …) knows those below it; the state store, the app and the server wire them together
// (docs: packages/emulator/README.md, "How the code is laid out"). A floor may be a file.
const EMULATOR_LAYERS = [
  ['models', 'crypto'],
  ['http'],
  ['context.ts', 'query'],
  ['webhooks'],
  ['catalog', 'oauth'],
  // Catalog V3 views and writes of the catalog's records.
  ['catalog-v3'],
  ['cart'],
  // Orders are searched with the catalog's query language and placed from a cart.
  ['orders', 'recommendations', 'members'],
  // Checkouts made from line items: resolved as a cart's lines, placed as an order.
  ['checkouts'],
  ['identity'],
  ['redirects'],
  // Cart V2 places orders and opens the hosted checkout (a redirect session) for a cart.
  ['cart-v2'],
  ['pages'],
  ['dev', 'drop-in', 'absent', 'graphql'],
  ['state'],
  ['app.ts', 'options.ts'],
  ['server.ts'],
  ['cli'],
  ['cli.ts', 'index.ts'],
];
const emulator = (part) => new URL(`./packages/emulator/src/${part}`, import.meta.url).pathname;
const emulatorZones = EMULATOR_LAYERS.flatMap((layer, index) => {
  const above = EMULATOR_LAYERS.slice(index + 1).flat();
  return layer.map((part) => ({
    target: emulator(part),
    // Siblings of one floor stay apart too: the catalog does not reach into oauth.
    from: [...above, ...layer.filter((sibling) => sibling !== part)].map(emulator),
    message: `${part} imports only from the floors below it.`,
  }));
}).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.turbo/**',
      '**/test-results/**',
      // Bundled configs that tsup and Vite write beside their config while building, and delete:
      // a lint running beside the build must not read them (ENOENT).
      '**/*.bundled_*.mjs',
      '**/*.timestamp-*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    // Imports point down the SDK's layers, and never in a cycle, type-only imports and the
    // `import()`s of code loaded on first use included (tests, which drive the whole client, are
    // exempt; docs: packages/sdk/README.md, "How the code is laid out").
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['**/__tests__/**'],
    plugins: { 'import-x': importX, vitrine: vitrinePlugin },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'vitrine/no-cycle': 'error',
    },
  },
  {
    // No function over 150 lines in the SDK's and React package's code: a module-sized closure
    // hides what its parts do (split by what each part does). Tests are exempt. (The emulator has
    // the same rule in its own block below.)
    files: ['packages/sdk/src/**/*.{ts,tsx}', 'packages/react/src/**/*.{ts,tsx}'],
    ignores: ['**/__tests__/**', '**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Tests and scripts may poke at untyped payloads and print progress.
    files: [
      '**/__tests__/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      '**/bench/**',
      '**/scripts/**',
      '**/e2e/**',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `act(async () => …)` flushes React's work even when the callback awaits nothing.
      '@typescript-eslint/require-await': 'off',
      'no-console': 'off',
    },
  },
  {
    // The emulator's code: no function over 150 lines (split by what each part does: a route
    // module-sized closure hides its parts), imports that point down its floors, and no import
    // cycle, type-only imports included (docs: packages/emulator/README.md, "How the code is laid
    // out"). Tests are exempt.
    files: ['packages/emulator/src/**/*.ts'],
    ignores: ['**/__tests__/**', '**/*.test.ts'],
    plugins: { 'import-x': importX, vitrine: vitrinePlugin },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
      'import-x/no-restricted-paths': ['error', { zones: emulatorZones }],
      'vitrine/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node, ...globals.browser },
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.commonjs },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
