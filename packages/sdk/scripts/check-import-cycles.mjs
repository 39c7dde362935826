// Fails when the SDK's source files import each other in a cycle. Every import counts: values,
// types (`import type`, `export type … from`, `typeof import('…')`) and the dynamic `import()`s
// that split code for loading on first use. ESLint's `import-x/no-cycle` skips type imports, and
// type cycles are how the cart's files used to knot together, hence this walk over the module
// graph with TypeScript's own parser.
//
//   node scripts/check-import-cycles.mjs               fails on a cycle, naming its files
//   node scripts/check-import-cycles.mjs --graph       prints every file's imports as well
//   node scripts/check-import-cycles.mjs --root <dir>  checks another folder (its own tests)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const rootArgument = process.argv.indexOf('--root');
const root =
  rootArgument === -1
    ? resolve(import.meta.dirname, '../src')
    : resolve(process.argv[rootArgument + 1] ?? '.');
const printGraph = process.argv.includes('--graph');

/** Every `.ts`/`.tsx` file under `dir`. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The source file a relative specifier names (`./x.js` is `./x.ts`), or undefined. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`];
  candidates.push(join(base, 'index.ts'));
  return candidates.find((file) => existsSync(file));
}

/** The imports of one file: `{ to, kind }`, kind `value`, `type` or `dynamic`. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (specifier, kind) => {
    const to = resolveSpecifier(file, specifier);
    if (to) found.push({ to, kind });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      add(node.moduleSpecifier.text, typeOnly ? 'type' : 'value');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, 'type');
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles(root).sort();
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file) => relative(root, file);

if (printGraph) {
  for (const [file, edges] of graph) {
    if (edges.length === 0) continue;
    const list = edges.map(({ to, kind }) =>
      kind === 'value' ? name(to) : `${name(to)} (${kind})`,
    );
    console.log(`${name(file)}\n  → ${list.join('\n  → ')}`);
  }
}

// Tarjan's strongly connected components: each component of more than one file (or a file that
// imports itself) holds at least one cycle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter++;
  stack.push(file);
  onStack.add(file);
  for (const { to } of graph.get(file) ?? []) {
    if (!index.has(to)) {
      connect(to);
      low.set(file, Math.min(low.get(file), low.get(to)));
    } else if (onStack.has(to)) {
      low.set(file, Math.min(low.get(file), index.get(to)));
    }
  }
  if (low.get(file) === index.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const selfLoop = (graph.get(file) ?? []).some(({ to }) => to === file);
    if (component.length > 1 || selfLoop) components.push(component.sort());
  }
}
for (const file of files) if (!index.has(file)) connect(file);

/** One cycle through `start` inside its component, as a path of `file —kind→ file` steps. */
function cycleThrough(start, members) {
  const inside = new Set(members);
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const edge of graph.get(file) ?? []) {
      if (!inside.has(edge.to)) continue;
      if (edge.to === start) {
        const steps = [edge];
        for (let at = file; at !== start; at = previous.get(at).from)
          steps.unshift(previous.get(at).edge);
        let text = name(start);
        for (const step of steps) text += ` —${step.kind}→ ${name(step.to)}`;
        return text;
      }
      if (!previous.has(edge.to)) {
        previous.set(edge.to, { from: file, edge });
        queue.push(edge.to);
      }
    }
  }
  return name(start);
}

const edgeCount = [...graph.values()].reduce((sum, edges) => sum + edges.length, 0);
if (components.length === 0) {
  console.log(`No import cycle among ${files.length} files of src/ (${edgeCount} imports).`);
} else {
  console.error(`${components.length} import cycle(s) among the files of src/:`);
  for (const members of components) {
    console.error(`\n- ${members.length} files: ${members.map(name).join(', ')}`);
    console.error(`  e.g. ${cycleThrough(members[0], members)}`);
  }
  process.exitCode = 1;
}
