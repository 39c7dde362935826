import { StoreArgumentError } from '../errors/argument-error.js';

/**
 * Turns a request body into JSON the way the platform expects it: `Date` values as ISO
 * strings; numbers that are not finite, or are beyond the safe-integer range, as strings (so no
 * precision is lost and `NaN` does not become `null`); `bigint` as a decimal string.
 *
 * @throws {StoreArgumentError} for an invalid `Date`, a function, a symbol or a circular reference,
 * naming the path of the offending field.
 */
export function serializeBody(body: unknown): string {
  return JSON.stringify(toWireValue(body, 'body', new Set()));
}

function toWireValue(value: unknown, path: string, ancestors: Set<object>): unknown {
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) return String(value);
      // The exact decimal of the double, never `1e+21` notation, which the platform cannot read.
      return isUnsafeInteger(value) ? BigInt(value).toString() : value;
    case 'bigint':
      return value.toString();
    case 'function':
    case 'symbol':
      throw new StoreArgumentError(path, `a ${typeof value} cannot be sent as JSON`);
    case 'object':
      return value === null ? null : objectToWire(value, path, ancestors);
    case 'string':
    case 'boolean':
    case 'undefined':
      return value;
  }
}

function objectToWire(value: object, path: string, ancestors: Set<object>): unknown {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new StoreArgumentError(path, 'is an invalid Date');
    return value.toISOString();
  }
  if (ancestors.has(value)) throw new StoreArgumentError(path, 'contains a circular reference');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return value.map((item, index) => toWireValue(item, `${path}[${index}]`, ancestors));
    }
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') {
      return toWireValue((json as () => unknown).call(value), path, ancestors);
    }
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // `undefined` fields are left out, as JSON.stringify does.
      if (item === undefined) continue;
      Object.defineProperty(result, key, {
        value: toWireValue(item, `${path}.${key}`, ancestors),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  } finally {
    ancestors.delete(value);
  }
}

function isUnsafeInteger(value: number): boolean {
  return Number.isInteger(value) && !Number.isSafeInteger(value);
}
