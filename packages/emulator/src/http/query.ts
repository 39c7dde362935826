/**
 * Query requests: a GET whose `.r` parameter holds the body as base64url JSON without padding,
 * or the same body as JSON in a POST (platform-wire.md, "Queries").
 */
import type { Context } from 'hono';
import { readJsonObject } from './body.js';
import { fieldError } from './errors.js';
import { checkJsonLimits } from './json-limits.js';

/** Decodes a `.r` parameter into the request object it carries. */
export function decodeDotR(encoded: string): Record<string, unknown> {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded))
    throw fieldError('.r', 'must be base64url without padding', 'FORMAT');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('.r', 'must hold base64url-encoded JSON', 'FORMAT');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError('.r', 'must hold a JSON object', 'VALIDATION');
  }
  checkJsonLimits(value, '.r');
  return value as Record<string, unknown>;
}

/** Encodes a request object as a `.r` parameter (used by tests and the bench). */
export function encodeDotR(request: unknown): string {
  return Buffer.from(JSON.stringify(request), 'utf8').toString('base64url');
}

/** Reads a query call's request from `.r` (GET) or the JSON body (POST). */
export async function readQueryRequest(c: Context): Promise<Record<string, unknown>> {
  if (c.req.method === 'GET') {
    const encoded = c.req.query('.r');
    return encoded === undefined ? {} : decodeDotR(encoded);
  }
  return readJsonObject(c);
}
