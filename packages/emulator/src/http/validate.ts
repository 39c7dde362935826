/**
 * Validation as route middleware, in Hono's validator pattern: the middleware checks the request
 * and the handler reads the result with `c.req.valid('json')` (or `'form'`). The reading itself
 * is the emulator's (body.ts, query.ts), not Hono's `validator()`: it caps the body's size while
 * reading, answers 415 for a foreign content type and words every refusal in the platform's shape.
 *
 * A route lists its middleware in the order its refusals answer: the credential, then (for a few
 * routes) what the path names, then the body.
 */
import type { MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from './app-env.js';
import { readBody, readForm, readJsonObject } from './body.js';
import { readQueryRequest } from './query.js';
import { parseOrThrow } from './schema.js';

/** What a validation middleware hands its handler: `c.req.valid(target)` of type `T`. */
type Validated<Target extends 'json' | 'form', T> = { out: { [K in Target]: T } };

/**
 * The JSON body, checked against `schema`.
 * @throws {ApiError} 413, 415, or 400 naming every bad field.
 * @example app.post(path, jsonBody(addToCartBody), (c) => add(ctx, c.req.valid('json')))
 */
export function jsonBody<S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, Validated<'json', v.InferOutput<S>>> {
  return async (c, next) => {
    c.req.addValidatedData('json', (await readBody(c, schema)) as object);
    await next();
  };
}

/**
 * A JSON object body compiled by `parse`, for requests a schema alone does not check (an order
 * search, whose cursor carries the search it continues).
 * @throws {ApiError} 413, 415, or what `parse` throws.
 */
export function jsonRequest<T extends object>(
  parse: (body: Record<string, unknown>) => T,
): MiddlewareHandler<AppEnv, string, Validated<'json', T>> {
  return async (c, next) => {
    c.req.addValidatedData('json', parse(await readJsonObject(c)));
    await next();
  };
}

/**
 * A query call's request, from `.r` (GET) or the JSON body (POST), checked against `schema`.
 * @throws {ApiError} 400 naming every bad field (413 or 415 for a POST's body).
 */
export function queryRequest<S extends v.GenericSchema>(
  schema: S,
): MiddlewareHandler<AppEnv, string, Validated<'json', v.InferOutput<S>>> {
  return async (c, next) => {
    c.req.addValidatedData('json', parseOrThrow(schema, await readQueryRequest(c)) as object);
    await next();
  };
}

/**
 * A hosted page's form (`application/x-www-form-urlencoded`). Its fields are checked by the page's
 * handler, which answers a bad one with the form again and a message.
 * @throws {ApiError} 413 or 415.
 */
export function formBody(): MiddlewareHandler<AppEnv, string, Validated<'form', URLSearchParams>> {
  return async (c, next) => {
    c.req.addValidatedData('form', await readForm(c));
    await next();
  };
}
