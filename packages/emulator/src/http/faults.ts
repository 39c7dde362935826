/**
 * Fault injection: make chosen paths slow or fail (401, 429 with `Retry-After`, 503) so apps
 * can test their error handling. Rules are set at `POST /_emulator/faults` or from code.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { applicationError, unauthorized } from './errors.js';
import { randomId } from '../crypto/random.js';
import type { FaultRegistry, FaultRule } from '../models/faults.js';

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  return rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path;
}

/** A new, empty registry. */
export function createFaultRegistry(): FaultRegistry {
  let rules: FaultRule[] = [];
  return {
    add(input) {
      const rule: FaultRule = { ...input, id: randomId() };
      rules.push(rule);
      return { ...rule };
    },
    list: () => rules.map((r) => ({ ...r })),
    remove(id) {
      const before = rules.length;
      rules = rules.filter((r) => r.id !== id);
      return rules.length < before;
    },
    clear() {
      rules = [];
    },
    take(method, path) {
      const rule = rules.find((r) => matches(r, method, path));
      if (!rule) return undefined;
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) rules = rules.filter((r) => r !== rule);
      }
      return rule;
    },
  };
}

/** Middleware applying the registry to every platform path (never to `/_emulator/`). */
export function faultMiddleware(registry: FaultRegistry): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/_emulator/') || c.req.method === 'OPTIONS') return next();
    const rule = registry.take(c.req.method, path);
    if (rule?.latencyMs) await new Promise((resolve) => setTimeout(resolve, rule.latencyMs));
    const retryAfter = String(rule?.retryAfterSeconds ?? 1);
    switch (rule?.status) {
      case undefined:
        return next();
      case 401:
        throw unauthorized('Injected fault: the access token was refused');
      case 429:
        throw applicationError(
          429,
          'TOO_MANY_REQUESTS',
          'Injected fault: too many requests',
          {},
          { 'Retry-After': retryAfter },
        );
      case 503:
        throw applicationError(
          503,
          'SERVICE_UNAVAILABLE',
          'Injected fault: service unavailable',
          {},
          { 'Retry-After': retryAfter },
        );
    }
  };
}
