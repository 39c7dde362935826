/**
 * Secrets never reach an error, a log line or a URL. These helpers remove them from what the SDK
 * attaches to errors: the request URL, and any copy of a secret the server echoed back.
 */

import { REDACTED, scrubText } from './scrub.js';

// Body fields whose values are secrets. Compared case-insensitively with `_` and `-` ignored,
// so `code_verifier`, `codeVerifier` and `Code-Verifier` all match. A bare `code` is left out:
// cart and shipping bodies use it for ordinary values; calls that send an authorization or
// verification code name it as a secret themselves.
const SECRET_FIELDS = new Set(
  [
    'authorization',
    'accesstoken',
    'refreshtoken',
    'token',
    'idtoken',
    'sessiontoken',
    'statetoken',
    'recoverytoken',
    'codeverifier',
    'password',
    'newpassword',
    'apikey',
    'clientsecret',
    'secret',
    'captchatoken',
  ].map(normalizeName),
);

// In a URL a `code` or `state` is always the OAuth one.
const SECRET_PARAMS = new Set([...SECRET_FIELDS, 'code', 'state']);

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** `true` when a body field of this name holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(normalizeName(name));
}

function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.has(normalizeName(name));
}

/** The URL with the values of secret-looking query parameters and any fragment replaced. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return REDACTED;
  }
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSecretParam(name)) parsed.searchParams.set(name, REDACTED);
  }
  if (parsed.hash) parsed.hash = REDACTED;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

// Shorter values would scrub ordinary words out of messages without protecting anything.
const MIN_SECRET_LENGTH = 6;

/**
 * Collects the secret values a request carries: the `Authorization` header (each comma-separated
 * part) and every string body field with a secret name, however deep.
 */
export function collectSecrets(authorization: string | undefined, body: unknown): string[] {
  const secrets: string[] = [];
  if (authorization) secrets.push(authorization, ...authorization.split(',').map((s) => s.trim()));
  collectFromValue(body, secrets, 0);
  return secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

function collectFromValue(value: unknown, into: string[], depth: number): void {
  if (depth > 20 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectFromValue(item, into, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item === 'string' && isSecretField(key)) into.push(item);
    else collectFromValue(item, into, depth + 1);
  }
}

/** A deep copy of `value` with every occurrence of a secret scrubbed from its strings. */
export function scrubValue<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (typeof value === 'string') return scrubText(value, secrets) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return value.map((item: unknown) => scrubValue(item, secrets, depth + 1)) as T;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__proto__') continue;
    copy[key] = scrubValue(item, secrets, depth + 1);
  }
  return copy as T;
}
