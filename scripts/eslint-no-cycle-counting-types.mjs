// `import-x/no-cycle`, with type-only imports counted as edges too.
//
// import-x leaves `import type` out of its cycle search on purpose (such an import vanishes at run
// time). We count it: two modules that name each other's types still cannot be read, moved or
// tested apart, which is what the no-cycle rule is there to keep. The rule itself is import-x's;
// this file only shows it every import as a value import: the file being linted through copies of
// its import and export nodes, and the files it reaches through a parser that marks none as
// type-only.
import { parser as typescriptParser } from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

const noCycle = importX.rules['no-cycle'];

/** Marks an import or export node, and its specifiers, as a value one (in place). */
function markValue(node) {
  if (node.importKind !== undefined) node.importKind = 'value';
  if (node.exportKind !== undefined) node.exportKind = 'value';
  for (const specifier of node.specifiers ?? []) {
    if (specifier.importKind !== undefined) specifier.importKind = 'value';
    if (specifier.exportKind !== undefined) specifier.exportKind = 'value';
  }
  return node;
}

/** A copy of an import or export node that reads as a value one; the linted AST is left as it is. */
function asValue(node) {
  const copy = { ...node };
  if (Array.isArray(node.specifiers)) copy.specifiers = node.specifiers.map((s) => ({ ...s }));
  return markValue(copy);
}

const MODULE_STATEMENTS = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'TSImportEqualsDeclaration',
]);

/**
 * The TypeScript parser, with every top-level import and export read as a value one. import-x
 * parses the files a linted file reaches with it, into ASTs of its own.
 */
const valueImportsParser = {
  meta: { name: 'vitrine/value-imports-parser' },
  parseForESLint(code, options) {
    const result = typescriptParser.parseForESLint(code, options);
    for (const statement of result.ast.body)
      if (MODULE_STATEMENTS.has(statement.type)) markValue(statement);
    return result;
  },
};

/** The rule: import-x's `no-cycle` over value and type imports alike (same options). */
export const noCycleCountingTypes = {
  meta: {
    ...noCycle.meta,
    docs: {
      ...noCycle.meta.docs,
      description: 'Forbid import cycles, type-only imports included.',
    },
  },
  defaultOptions: noCycle.defaultOptions,
  create(context) {
    const seenThrough = Object.create(context, {
      languageOptions: {
        value: { ...context.languageOptions, parser: valueImportsParser },
      },
    });
    const listeners = noCycle.create(seenThrough);
    return Object.fromEntries(
      Object.entries(listeners).map(([selector, listener]) => [
        selector,
        (node, ...rest) =>
          listener(MODULE_STATEMENTS.has(node.type) ? asValue(node) : node, ...rest),
      ]),
    );
  },
};

/** A plugin holding the rule, as `vitrine/no-cycle`. */
export const vitrinePlugin = {
  meta: { name: 'vitrine' },
  rules: { 'no-cycle': noCycleCountingTypes },
};
