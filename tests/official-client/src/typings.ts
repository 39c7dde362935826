/**
 * What the official client's typings promise of an answer: each call's `NonNullablePaths<…>`
 * (the fields it marks as always there), read from the module's own `index.d.ts`, and a check
 * of an answer against them. A path counts where its parent is there (`media.main._id` holds
 * when a product has `media.main`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The paths `pkg`'s `fn` marks as always present in its answer. */
export function alwaysPresent(pkg: string, fn: string): string[] {
  const dir = dirname(require.resolve(pkg));
  const text = readFileSync(join(dir, 'index.d.ts'), 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '');
  const name = fn[0]!.toUpperCase() + fn.slice(1);
  const start = text.indexOf(`interface ${name}Signature {`);
  if (start < 0) throw new Error(`no signature ${name} in ${pkg}`);
  const body = text.slice(start, text.indexOf('\n}', start));
  const promise = body.slice(body.indexOf('Promise<'));
  const match = /Promise<NonNullablePaths<\w+, ((?:`[^`]*`\s*\|?\s*)+),\s*\d+>/.exec(promise);
  return match ? [...match[1]!.matchAll(/`([^`]*)`/g)].map((m) => m[1]!) : [];
}

/** The paths of `paths` that `value` lacks (null or absent where the parent is there). */
export function missingPaths(value: unknown, paths: readonly string[]): string[] {
  const missing: string[] = [];
  const walk = (node: unknown, parts: string[], at: string) => {
    if (parts.length === 0) return;
    const [head, ...rest] = parts;
    if (head === '${number}') {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, rest, `${at}[${i}]`));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const next = (node as Record<string, unknown>)[head!];
    if (rest.length === 0) {
      if (next === undefined || next === null) missing.push(`${at}.${head}`.replace(/^\./, ''));
      return;
    }
    if (next !== undefined && next !== null) walk(next, rest, `${at}.${head}`);
  };
  for (const path of paths) walk(value, path.split('.'), '');
  return [...new Set(missing)];
}
