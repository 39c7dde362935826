/**
 * Request schemas on valibot, in the emulator's own small vocabulary (`str`, `int`, `obj`, …), and
 * the one mapping from valibot issues to the platform's field violations.
 *
 * Every message a schema here can produce is ours and carries its violated rule, so refusals are
 * uniform and never quote the offending value (a secret sent in the wrong field is not echoed).
 * Objects are strict (unknown fields are refused), `null` counts as absent for optional fields,
 * and maps come out without a prototype.
 */
import * as v from 'valibot';
import type { FieldViolation, ViolatedRule } from './errors.js';
import { validationError } from './errors.js';

/** Any schema built here. */
export type Schema<T = unknown> = v.GenericSchema<unknown, T>;

/** The output type of a schema. */
export type Infer<S extends v.GenericSchema> = v.InferOutput<S>;

interface Refusal {
  rule: ViolatedRule;
  description: string;
  data?: Record<string, unknown>;
}

/** A message carrying its rule through valibot, decoded by {@link violationsOf}. */
export function refusal(
  rule: ViolatedRule,
  description: string,
  data?: Record<string, unknown>,
): string {
  return JSON.stringify({ rule, description, ...(data ? { data } : {}) } satisfies Refusal);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A type mismatch, or `is required` when the value is missing or `null`. */
const expecting = (what: string) => (issue: v.BaseIssue<unknown>) =>
  issue.input === undefined || issue.input === null
    ? refusal('REQUIRED_FIELD', 'is required')
    : refusal('VALIDATION', `must be ${what}, got ${typeName(issue.input)}`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** C0 controls and DEL, except tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Keys that name members every object inherits; never accepted as map keys. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Marks a field optional: absent or `null` is accepted and left out of the output. */
export function optional<S extends v.GenericSchema>(schema: S) {
  return v.exactOptional(v.nullable(schema));
}

/** Options of {@link str}. */
export interface StringRules {
  /** @default 0 */
  min?: number;
  /** @default 1000 */
  max?: number;
  pattern?: RegExp;
  /** What `pattern` means, for the description. */
  format?: string;
}

/** A string of `min`..`max` characters without control characters, optionally matching `pattern`. */
export function str(rules: StringRules = {}) {
  const { min = 0, max = 1000, pattern, format } = rules;
  const tooShort = min === 1 ? 'must not be empty' : `must be at least ${min} characters`;
  return v.pipe(
    v.string(expecting('a string')),
    v.maxLength(max, refusal('MAX_LENGTH', `must be at most ${max} characters`)),
    v.minLength(min, refusal('MIN_LENGTH', tooShort)),
    v.check(
      (s) => !CONTROL_CHARACTERS.test(s),
      refusal('FORMAT', 'must not contain control characters'),
    ),
    v.check(
      (s) => !pattern || pattern.test(s),
      refusal('FORMAT', `must be ${format ?? 'well formed'}`),
    ),
  );
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@.]{2,}$/;
const NOT_EMAIL = refusal('FORMAT', 'must be a valid email', { type: 'EMAIL' });

/**
 * The one rule for an e-mail address, wherever the emulator takes one (API bodies, the hosted
 * sign-up form, an identity provider's token): at most 320 characters, 1 to 64 before the `@`, a
 * domain with a dot, and a last label of 2 or more characters without one.
 */
export function isEmail(value: string): boolean {
  return value.length <= 320 && EMAIL_PATTERN.test(value);
}

/** An email address ({@link isEmail}); violations carry `data.type: 'EMAIL'` as the platform's do (spec.md §5). */
export function email() {
  return v.pipe(v.string(NOT_EMAIL), v.check(isEmail, NOT_EMAIL));
}

/** Options of {@link int} and {@link decimal}. */
export interface NumberRules {
  min?: number;
  max?: number;
}

function range(rules: NumberRules) {
  const { min = -Number.MAX_VALUE, max = Number.MAX_VALUE } = rules;
  return [
    v.minValue<number, number, string>(min, refusal('MIN', `must be at least ${min}`)),
    v.maxValue<number, number, string>(max, refusal('MAX', `must be at most ${max}`)),
  ] as const;
}

/** A safe integer between `min` and `max` (1e400, 1.5 and 2^60 are refused). */
export function int(rules: NumberRules = {}) {
  return v.pipe(
    v.number(expecting('an integer')),
    v.safeInteger(refusal('VALIDATION', 'must be an integer')),
    ...range(rules),
  );
}

const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,6})?$/;

/**
 * A decimal given as a finite JSON number or as a decimal string (the SDK sends large decimals as
 * strings, spec.md §7). The output is a number.
 */
export function decimal(rules: NumberRules = {}) {
  return v.pipe(
    v.custom<number | string>(
      (x) =>
        (typeof x === 'number' && Number.isFinite(x)) ||
        (typeof x === 'string' && DECIMAL_PATTERN.test(x)),
      expecting('a decimal number'),
    ),
    v.transform(Number),
    ...range(rules),
  );
}

/** A boolean. */
export function bool() {
  return v.boolean(expecting('a boolean'));
}

/** One of a fixed set of strings. */
export function oneOf<const T extends readonly string[]>(values: T) {
  return v.picklist(values, refusal('INVALID_ENUM_VALUE', `must be one of ${values.join(', ')}`));
}

/** Options of {@link arr}. */
export interface ArrayRules {
  /** @default 0 */
  min?: number;
  /** @default 100 */
  max?: number;
}

/** An array of `min`..`max` items, each checked by `item` (the length first, so a long one is cheap). */
export function arr<S extends v.GenericSchema>(item: S, rules: ArrayRules = {}) {
  const { min = 0, max = 100 } = rules;
  return v.pipe(
    v.array(v.unknown(), expecting('an array')),
    v.maxLength(max, refusal('MAX_SIZE', `must have at most ${max} items`)),
    v.minLength(min, refusal('MIN_SIZE', `must have at least ${min} items`)),
    v.array(item),
  );
}

type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

function withoutNulls<T extends object>(value: T): WithoutNulls<T> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== null) out[key] = field;
  return out as WithoutNulls<T>;
}

const objectIssue = (issue: v.BaseIssue<unknown>) =>
  issue.expected === 'never'
    ? refusal('FIELD_NOT_ALLOWED', 'is not a known field')
    : refusal('REQUIRED_FIELD', 'is required');

/**
 * An object with exactly the declared fields: unknown fields are refused with
 * `FIELD_NOT_ALLOWED`, missing required ones with `REQUIRED_FIELD`.
 */
export function obj<E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expecting('an object')),
    v.strictObject(entries, objectIssue),
    v.transform((value) => withoutNulls(value)),
  );
}

/** Options of {@link record}. */
export interface RecordRules {
  /** @default 100 */
  maxKeys?: number;
  /** @default 100 */
  maxKeyLength?: number;
}

/** A map from string keys to values checked by `item`, in a prototype-free object. */
export function record<S extends v.GenericSchema>(item: S, rules: RecordRules = {}) {
  const { maxKeys = 100, maxKeyLength = 100 } = rules;
  const key = v.pipe(
    v.string(),
    v.minLength(1, refusal('FORMAT', 'is not an allowed key')),
    v.maxLength(maxKeyLength, refusal('FORMAT', 'is not an allowed key')),
    v.check((k) => !CONTROL_CHARACTERS.test(k), refusal('FORMAT', 'is not an allowed key')),
  );
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, expecting('an object')),
    v.check(
      (map) => Object.keys(map).length <= maxKeys,
      refusal('MAX_SIZE', `must have at most ${maxKeys} keys`),
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      for (const name of Object.keys(dataset.value)) {
        if (!RESERVED_KEYS.has(name)) continue;
        addIssue({
          message: refusal('FORMAT', 'is not an allowed key'),
          path: [
            { type: 'object', origin: 'key', input: dataset.value, key: name, value: undefined },
          ],
        });
      }
    }),
    v.record(key, item),
    v.transform((map) => Object.assign(Object.create(null) as typeof map, map)),
  );
}

/**
 * Any JSON value nested at most `maxDepth` levels, for free-form fields (custom field values,
 * client metadata); copied into fresh objects. `__proto__` keys and control characters are refused.
 */
export function json(maxDepth = 6) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let problem: string | undefined;
      const copy = (value: unknown, depth: number): unknown => {
        if (problem !== undefined) return undefined;
        if (depth > maxDepth) problem = `must be nested at most ${maxDepth} levels`;
        else if (typeof value === 'string' && CONTROL_CHARACTERS.test(value))
          problem = 'must not contain control characters';
        else if (Array.isArray(value)) return value.map((x) => copy(x, depth + 1));
        else if (isPlainObject(value)) {
          const out: Record<string, unknown> = {};
          for (const [key, field] of Object.entries(value)) {
            if (key === '__proto__') problem = 'must not use the key __proto__';
            else out[key] = copy(field, depth + 1);
          }
          return out;
        }
        return value;
      };
      const out = copy(dataset.value, 0);
      if (problem === undefined) return out;
      addIssue({ message: refusal('VALIDATION', problem) });
      return NEVER;
    }),
  );
}

function fieldOf(path: readonly v.IssuePathItem[] | undefined): string {
  let field = '';
  for (const item of path ?? []) {
    if (typeof item.key === 'number') field += `[${item.key}]`;
    else field += field === '' ? String(item.key) : `.${String(item.key)}`;
  }
  return field;
}

function refusalOf(message: string): Refusal {
  try {
    const parsed = JSON.parse(message) as Partial<Refusal>;
    if (typeof parsed.rule === 'string' && typeof parsed.description === 'string')
      return parsed as Refusal;
  } catch {
    // A message valibot wrote itself: it may quote the value, so it is never passed on.
  }
  return { rule: 'VALIDATION', description: 'is invalid' };
}

/** The platform's field violations of valibot issues, under `prefix` (`'query'` → `query.paging`). */
export function violationsOf(
  issues: readonly v.BaseIssue<unknown>[],
  prefix = '',
): FieldViolation[] {
  return issues.map((issue) => {
    const { rule, description, data } = refusalOf(issue.message);
    const own = fieldOf(issue.path);
    const field =
      prefix === ''
        ? own || 'body'
        : own === ''
          ? prefix
          : own.startsWith('[')
            ? prefix + own
            : `${prefix}.${own}`;
    return { field, description, violatedRule: rule, ...(data ? { data } : {}) };
  });
}

/**
 * Checks `value` against `schema` and returns its output.
 * @param prefix the field path of `value` within the request, for violation names.
 * @throws {ApiError} 400 listing every violation.
 */
export function parseOrThrow<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  prefix = '',
): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  throw validationError(violationsOf(result.issues, prefix));
}

/** The body of calls that take none: `{}` or nothing, with no unknown fields. */
export const emptyBody = obj({});
