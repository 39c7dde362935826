/**
 * Filters of the platform's query language over JSON entities: `$eq $ne $gt $gte $lt $lte $in
 * $nin $hasSome $hasAll $startsWith $contains $isEmpty $exists` on fields, combined with `$and
 * $or $not`, compiled to a predicate once every problem is collected (platform-wire.md "Queries").
 * Also how an entity's field is read (dotted paths fan out over arrays) and how two values compare.
 */
import { fieldError } from '../http/errors.js';
import type { FieldViolation } from '../http/errors.js';
import { CONTROL_CHARACTERS } from '../http/schema.js';

type Primitive = string | number | boolean | null;
type Predicate = (item: unknown) => boolean;
export type Resolver = (item: unknown, field: string) => unknown[];

const COMPARISON = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$hasSome',
  '$hasAll',
  '$startsWith',
  '$contains',
  '$isEmpty',
  '$exists',
] as const;
type Operator = (typeof COMPARISON)[number];

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * Reads a dotted path; arrays along the way fan out, so `variants.variant.sku` yields every
 * variant's SKU. Returns every value found (empty when the path is absent).
 */
export function resolvePath(item: unknown, path: string): unknown[] {
  let current: unknown[] = [item];
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    for (const value of current) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) {
        if (isObject(v) && Object.hasOwn(v, key)) next.push(v[key]);
      }
    }
    current = next;
  }
  return current.flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]));
}

function equal(a: unknown, b: Primitive): boolean {
  if (
    typeof a === 'number' &&
    typeof b === 'string' &&
    b.trim() !== '' &&
    Number.isFinite(Number(b))
  )
    return a === Number(b);
  return a === b;
}

export function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function isEmptyValue(values: unknown[]): boolean {
  return (
    values.length === 0 ||
    values.every((v) => v === null || v === '' || (isObject(v) && Object.keys(v).length === 0))
  );
}

function comparison(
  op: Operator,
  operand: unknown,
  fieldPath: string,
  values: (item: unknown) => unknown[],
): Predicate {
  const ordered =
    (test: (c: number) => boolean): Predicate =>
    (item) =>
      values(item).some((v) => {
        const c = compare(v, operand);
        return c !== undefined && test(c);
      });
  switch (op) {
    case '$eq':
      return (item) => {
        const vs = values(item);
        return operand === null
          ? vs.length === 0 || vs.includes(null)
          : vs.some((v) => equal(v, operand as Primitive));
      };
    case '$ne':
      return (item) => {
        const vs = values(item);
        return operand === null
          ? vs.some((v) => v !== null)
          : !vs.some((v) => equal(v, operand as Primitive));
      };
    case '$gt':
      return ordered((c) => c > 0);
    case '$gte':
      return ordered((c) => c >= 0);
    case '$lt':
      return ordered((c) => c < 0);
    case '$lte':
      return ordered((c) => c <= 0);
    case '$in':
    case '$hasSome': {
      const list = operand as Primitive[];
      return (item) => values(item).some((v) => list.some((x) => equal(v, x)));
    }
    case '$nin': {
      const list = operand as Primitive[];
      return (item) => !values(item).some((v) => list.some((x) => equal(v, x)));
    }
    case '$hasAll': {
      const list = operand as Primitive[];
      return (item) => {
        const vs = values(item);
        return list.every((x) => vs.some((v) => equal(v, x)));
      };
    }
    case '$startsWith': {
      const prefix = String(operand).toLowerCase();
      return (item) =>
        values(item).some((v) => typeof v === 'string' && v.toLowerCase().startsWith(prefix));
    }
    case '$contains': {
      const part = String(operand).toLowerCase();
      return (item) =>
        values(item).some((v) => typeof v === 'string' && v.toLowerCase().includes(part));
    }
    case '$isEmpty':
      return (item) => isEmptyValue(values(item)) === operand;
    case '$exists':
      return (item) => values(item).some((v) => v !== null && v !== undefined) === operand;
    default:
      throw fieldError(fieldPath, 'is not a supported operator', 'VALIDATION');
  }
}

function hasControl(operand: unknown): boolean {
  const values = Array.isArray(operand) ? (operand as unknown[]) : [operand];
  return values.some((x) => typeof x === 'string' && CONTROL_CHARACTERS.test(x));
}

function checkOperand(op: Operator, operand: unknown, path: string, v: FieldViolation[]): boolean {
  const bad = (description: string) => {
    v.push({ field: path, description, violatedRule: 'VALIDATION' });
    return false;
  };
  if (hasControl(operand)) return bad('must not contain control characters');
  switch (op) {
    case '$eq':
    case '$ne':
      return isPrimitive(operand) || bad('must be a string, number, boolean or null');
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return (
        typeof operand === 'number' ||
        typeof operand === 'string' ||
        bad('must be a number or a string')
      );
    case '$in':
    case '$nin':
    case '$hasSome':
    case '$hasAll':
      if (!Array.isArray(operand) || !operand.every(isPrimitive))
        return bad('must be an array of values');
      return operand.length <= 1000 || bad('must have at most 1000 values');
    case '$startsWith':
    case '$contains':
      return (typeof operand === 'string' && operand.length <= 1000) || bad('must be a string');
    case '$isEmpty':
    case '$exists':
      return typeof operand === 'boolean' || bad('must be a boolean');
  }
}

const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/;

/**
 * Names every object inherits (`constructor`, `toString`, `__proto__`…): no entity has a field
 * of that name, and a lookup by one must never reach a prototype.
 */
const INHERITED_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Why `field` cannot be a field path, or `undefined` when it can. */
export function fieldProblem(field: string): string | undefined {
  if (field.length > 200 || !FIELD_PATTERN.test(field))
    return 'is not a supported operator or field name';
  if (field.split('.').some((part) => INHERITED_NAMES.has(part)))
    return 'is not a field (names of built-in object members are reserved)';
  return undefined;
}

/** The path a field name stands for: its alias (an own key of `aliases` only) or itself. */
export function aliasOf(aliases: Readonly<Record<string, string>>, field: string): string {
  return Object.hasOwn(aliases, field) ? aliases[field]! : field;
}

export function compileFilter(
  filter: unknown,
  path: string,
  resolve: Resolver,
  v: FieldViolation[],
  depth: number,
): Predicate {
  const never: Predicate = () => false;
  if (depth > 10) {
    v.push({ field: path, description: 'is nested too deeply', violatedRule: 'VALIDATION' });
    return never;
  }
  if (!isObject(filter)) {
    v.push({ field: path, description: 'must be an object', violatedRule: 'VALIDATION' });
    return never;
  }
  const parts: Predicate[] = [];
  for (const [key, value] of Object.entries(filter)) {
    const here = `${path}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0 || value.length > 50) {
        v.push({
          field: here,
          description: 'must be an array of 1 to 50 filters',
          violatedRule: 'VALIDATION',
        });
        continue;
      }
      const subs = value.map((sub, i) =>
        compileFilter(sub, `${here}[${i}]`, resolve, v, depth + 1),
      );
      parts.push(
        key === '$and' ? (item) => subs.every((p) => p(item)) : (item) => subs.some((p) => p(item)),
      );
      continue;
    }
    if (key === '$not') {
      const sub = compileFilter(value, here, resolve, v, depth + 1);
      parts.push((item) => !sub(item));
      continue;
    }
    const problem = key.startsWith('$')
      ? 'is not a supported operator or field name'
      : fieldProblem(key);
    if (problem !== undefined) {
      v.push({ field: here, description: problem, violatedRule: 'VALIDATION' });
      continue;
    }
    const field = key;
    if (isPrimitive(value)) {
      // The shorthand of `$eq`, held to the same rules.
      if (checkOperand('$eq', value, here, v))
        parts.push(bindField(field, '$eq', value, here, resolve));
      continue;
    }
    if (!isObject(value) || Object.keys(value).length === 0) {
      v.push({
        field: here,
        description: 'must be a value or an object of operators',
        violatedRule: 'VALIDATION',
      });
      continue;
    }
    for (const [op, operand] of Object.entries(value)) {
      const opPath = `${here}.${op}`;
      if (op === '$matchItems') {
        parts.push(matchItems(field, operand, opPath, resolve, v, depth));
        continue;
      }
      if (!(COMPARISON as readonly string[]).includes(op)) {
        v.push({
          field: opPath,
          description: 'is not a supported operator',
          violatedRule: 'VALIDATION',
        });
        continue;
      }
      if (checkOperand(op as Operator, operand, opPath, v))
        parts.push(bindField(field, op as Operator, operand, opPath, resolve));
    }
  }
  return (item) => parts.every((p) => p(item));
}

/**
 * `$matchItems`: the field is an array of objects, and some object matches one of the operand's
 * filters (`{"allCategoriesInfo.categories": {"$matchItems": [{"id": "c1"}]}}`, Catalog V3).
 */
function matchItems(
  field: string,
  operand: unknown,
  path: string,
  resolve: Resolver,
  v: FieldViolation[],
  depth: number,
): Predicate {
  if (!Array.isArray(operand) || operand.length === 0 || operand.length > 100) {
    v.push({
      field: path,
      description: 'must be an array of 1 to 100 filters',
      violatedRule: 'VALIDATION',
    });
    return () => false;
  }
  const subs = operand.map((sub, i) =>
    compileFilter(sub, `${path}[${i}]`, (item, f) => resolvePath(item, f), v, depth + 1),
  );
  return (item) => resolve(item, field).some((element) => subs.some((p) => p(element)));
}

function bindField(
  field: string,
  op: Operator,
  operand: unknown,
  path: string,
  resolve: Resolver,
): Predicate {
  return comparison(op, operand, path, (item) => resolve(item, field));
}
