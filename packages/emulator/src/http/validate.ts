/**
 * A small schema library for request bodies.
 *
 * Every field the emulator accepts is declared; unknown fields, wrong types and absurd values
 * become field violations in the platform's shape instead of reaching the handlers. Parsing
 * copies known fields into fresh objects, so keys such as `__proto__` never reach state.
 */
import { validationError } from './errors.js';
import type { FieldViolation } from './errors.js';

/** Where violations are collected while a body is parsed. */
export type Violations = FieldViolation[];

/** A parser for one value; returns `undefined` after recording a violation. */
export interface Schema<T> {
  readonly optional: boolean;
  parse(value: unknown, path: string, violations: Violations): T | undefined;
}

/** The output type of a schema. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type RequiredKeys<S extends Shape> = {
  [K in keyof S]: S[K]['optional'] extends true ? never : K;
}[keyof S];
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K]['optional'] extends true ? K : never;
}[keyof S];
/** The output of an object schema: optional keys may be absent, never `undefined`. */
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};

function schema<T>(
  parse: (value: unknown, path: string, violations: Violations) => T | undefined,
): Schema<T> {
  return { optional: false, parse };
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Marks a field as optional: absent or `null` is accepted and left out of the output. */
export function optional<T>(inner: Schema<T>): Schema<T> & { readonly optional: true } {
  return { optional: true, parse: (value, path, v) => inner.parse(value, path, v) };
}

/** Options of {@link str}. */
export interface StringRules {
  min?: number;
  /** @default 1000 */
  max?: number;
  pattern?: RegExp;
  /** What `pattern` means, for the description. */
  format?: string;
}

/** A string of `min`..`max` characters, optionally matching `pattern`. */
export function str(rules: StringRules = {}): Schema<string> {
  const { min = 0, max = 1000, pattern, format } = rules;
  return schema((value, path, v) => {
    if (typeof value !== 'string') {
      v.push({
        field: path,
        description: `must be a string, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    if (value.length < min) {
      const description = min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
      v.push({ field: path, description, violatedRule: 'MIN_LENGTH' });
      return undefined;
    }
    if (value.length > max) {
      v.push({
        field: path,
        description: `must be at most ${max} characters`,
        violatedRule: 'MAX_LENGTH',
      });
      return undefined;
    }
    if (pattern && !pattern.test(value)) {
      v.push({
        field: path,
        description: `must be ${format ?? 'well formed'}`,
        violatedRule: 'FORMAT',
      });
      return undefined;
    }
    return value;
  });
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@.]{2,}$/;

/** An email address; violations carry `data.type: 'EMAIL'` as the platform's do (spec.md §5). */
export function email(): Schema<string> {
  return schema((value, path, v) => {
    if (typeof value !== 'string' || value.length > 320 || !EMAIL_PATTERN.test(value)) {
      v.push({
        field: path,
        description: 'must be a valid email',
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      });
      return undefined;
    }
    return value;
  });
}

/** Options of {@link num} and {@link int}. */
export interface NumberRules {
  min?: number;
  max?: number;
}

function checkRange(
  value: number,
  path: string,
  v: Violations,
  min?: number,
  max?: number,
): boolean {
  if (min !== undefined && value < min) {
    v.push({ field: path, description: `must be at least ${min}`, violatedRule: 'MIN' });
    return false;
  }
  if (max !== undefined && value > max) {
    v.push({ field: path, description: `must be at most ${max}`, violatedRule: 'MAX' });
    return false;
  }
  return true;
}

/** An integer between `min` and `max`. */
export function int(rules: NumberRules = {}): Schema<number> {
  return schema((value, path, v) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      v.push({
        field: path,
        description: `must be an integer, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    return checkRange(value, path, v, rules.min, rules.max) ? value : undefined;
  });
}

const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;

/**
 * A decimal given as a JSON number or as a decimal string (the SDK sends large decimals as
 * strings, spec.md §7). Returns a finite number.
 */
export function decimal(rules: NumberRules = {}): Schema<number> {
  return schema((value, path, v) => {
    let n: number | undefined;
    if (typeof value === 'number' && Number.isFinite(value)) n = value;
    else if (typeof value === 'string' && DECIMAL_PATTERN.test(value)) n = Number(value);
    if (n === undefined) {
      v.push({ field: path, description: 'must be a decimal number', violatedRule: 'VALIDATION' });
      return undefined;
    }
    return checkRange(n, path, v, rules.min, rules.max) ? n : undefined;
  });
}

/** A boolean. */
export function bool(): Schema<boolean> {
  return schema((value, path, v) => {
    if (typeof value !== 'boolean') {
      v.push({
        field: path,
        description: `must be a boolean, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    return value;
  });
}

/** One of a fixed set of strings. */
export function oneOf<const T extends string>(values: readonly T[]): Schema<T> {
  return schema((value, path, v) => {
    if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
      v.push({
        field: path,
        description: `must be one of ${values.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      });
      return undefined;
    }
    return value as T;
  });
}

/** Options of {@link arr}. */
export interface ArrayRules {
  min?: number;
  /** @default 100 */
  max?: number;
}

/** An array of `min`..`max` items, each parsed by `item`. */
export function arr<T>(item: Schema<T>, rules: ArrayRules = {}): Schema<T[]> {
  const { min = 0, max = 100 } = rules;
  return schema((value, path, v) => {
    if (!Array.isArray(value)) {
      v.push({
        field: path,
        description: `must be an array, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    if (value.length < min) {
      v.push({
        field: path,
        description: `must have at least ${min} items`,
        violatedRule: 'MIN_SIZE',
      });
      return undefined;
    }
    if (value.length > max) {
      v.push({
        field: path,
        description: `must have at most ${max} items`,
        violatedRule: 'MAX_SIZE',
      });
      return undefined;
    }
    const before = v.length;
    const out = value.map((entry, i) => item.parse(entry, `${path}[${i}]`, v));
    return v.length === before ? (out as T[]) : undefined;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * An object with exactly the declared fields: unknown fields are refused with
 * `FIELD_NOT_ALLOWED`, missing required ones with `REQUIRED_FIELD`.
 */
export function obj<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  return schema((value, path, v) => {
    if (!isPlainObject(value)) {
      v.push({
        field: path || 'body',
        description: `must be an object, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    const before = v.length;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(shape, key)) {
        v.push({
          field: join(path, key),
          description: 'is not a known field',
          violatedRule: 'FIELD_NOT_ALLOWED',
        });
      }
    }
    for (const [key, field] of Object.entries(shape)) {
      const raw = Object.hasOwn(value, key) ? value[key] : undefined;
      if (raw === undefined || raw === null) {
        if (!field.optional) {
          v.push({
            field: join(path, key),
            description: 'is required',
            violatedRule: 'REQUIRED_FIELD',
          });
        }
        continue;
      }
      const parsed = field.parse(raw, join(path, key), v);
      if (parsed !== undefined) out[key] = parsed;
    }
    return v.length === before ? (out as ObjectOf<S>) : undefined;
  });
}

/** Options of {@link record}. */
export interface RecordRules {
  /** @default 100 */
  maxKeys?: number;
  /** @default 100 */
  maxKeyLength?: number;
}

/** A map from string keys to values parsed by `item`, in a prototype-free object. */
export function record<T>(item: Schema<T>, rules: RecordRules = {}): Schema<Record<string, T>> {
  const { maxKeys = 100, maxKeyLength = 100 } = rules;
  return schema((value, path, v) => {
    if (!isPlainObject(value)) {
      v.push({
        field: path,
        description: `must be an object, got ${typeName(value)}`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
    const keys = Object.keys(value);
    if (keys.length > maxKeys) {
      v.push({
        field: path,
        description: `must have at most ${maxKeys} keys`,
        violatedRule: 'MAX_SIZE',
      });
      return undefined;
    }
    const before = v.length;
    const out = Object.create(null) as Record<string, T>;
    for (const key of keys) {
      if (key.length === 0 || key.length > maxKeyLength || key === '__proto__') {
        v.push({
          field: join(path, key),
          description: 'is not an allowed key',
          violatedRule: 'FORMAT',
        });
        continue;
      }
      const parsed = item.parse(value[key], join(path, key), v);
      if (parsed !== undefined) out[key] = parsed;
    }
    return v.length === before ? { ...out } : undefined;
  });
}

/**
 * Any JSON value of bounded depth and size, for free-form fields (custom field values,
 * client metadata). Copies into fresh plain objects.
 */
export function json(maxDepth = 6): Schema<unknown> {
  const copy = (value: unknown, depth: number): unknown => {
    if (depth > maxDepth) throw new RangeError('too deep');
    if (Array.isArray(value)) return value.map((x) => copy(x, depth + 1));
    if (isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (key === '__proto__') continue;
        out[key] = copy(value[key], depth + 1);
      }
      return out;
    }
    return value;
  };
  return schema((value, path, v) => {
    try {
      return copy(value, 0);
    } catch {
      v.push({
        field: path,
        description: `must be nested at most ${maxDepth} levels`,
        violatedRule: 'VALIDATION',
      });
      return undefined;
    }
  });
}

/** Parses `value` with `shape`, throwing a 400 validation error listing every violation. */
export function parseOrThrow<T>(shape: Schema<T>, value: unknown, path = ''): T {
  const violations: Violations = [];
  const out = shape.parse(value, path, violations);
  if (violations.length > 0 || out === undefined) {
    throw validationError(
      violations.length > 0
        ? violations
        : [{ field: path || 'body', description: 'is invalid', violatedRule: 'VALIDATION' }],
    );
  }
  return out;
}

/** The body of calls that take none: `{}` or nothing, with no unknown fields. */
export const emptyBody = obj({});
