/**
 * Validation as route middleware, in Hono's validator pattern: the middleware checks the request
 * and the handler reads the result with `c.req.valid('json')` (or `'form'`): the JSON routes'
 * bodies and queries, and the hosted pages' forms alike, each against a schema of schema.ts. The
 * reading itself is the emulator's (body.ts, query.ts), not Hono's `validator()`: it caps the
 * body's size while reading, answers 415 for a foreign content type and words every refusal in the
 * platform's shape (a page's, in the page).
 *
 * A route lists its middleware in the order its refusals answer: the credential, then (for a few
 * routes) what the path names, then the body.
 */
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from './app-env.js';
import { readBody, readForm, readJsonObject } from './body.js';
import { readQueryRequest } from './query.js';
import { validationError } from './errors.js';
import { parseOrThrow, violationsOf } from './schema.js';

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

/** How a hosted page's form is checked (see {@link formBody}). */
export interface FormRules<S extends v.GenericSchema, Subject> {
  /**
   * What is checked first, on the raw form: that what the page is about (its sign-in session,
   * checkout or recovery link) is live, and that the form came from its own page. Answers that
   * subject, or the refusal page.
   */
  guard: (c: Context<AppEnv>, form: URLSearchParams) => Subject | Response;
  /** The form's fields, each held to its rule (unknown fields are ignored, as browsers add some). */
  fields: S;
  /**
   * The page again with `message` (the description of the first rule a field breaks).
   * @default a 400 naming the field, for forms whose fields cannot break a rule
   */
  invalid?: (
    c: Context<AppEnv>,
    message: string,
    subject: Subject,
    form: URLSearchParams,
  ) => Response;
}

/** What a form's middleware hands its handler: `c.req.valid('form')`. */
export interface CheckedForm<Subject, Fields> {
  subject: Subject;
  fields: Fields;
}

/** The first value of each field, as a browser's form post has one a field. */
function fieldsOf(form: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (!Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}

/**
 * A hosted page's form (`application/x-www-form-urlencoded`), checked in the order its refusals
 * answer: read (413, 415), then `guard`, then the fields against their schema; a bad field answers
 * the page again (`invalid`) rather than JSON.
 * @throws {ApiError} 413 or 415.
 * @example app.post('/recovery', formBody({ guard, fields: recoveryFields, invalid }), handler)
 */
export function formBody<S extends v.GenericSchema, Subject>(
  rules: FormRules<S, Subject>,
): MiddlewareHandler<AppEnv, string, Validated<'form', CheckedForm<Subject, v.InferOutput<S>>>> {
  return async (c, next) => {
    const form = await readForm(c);
    const subject = rules.guard(c, form);
    if (subject instanceof Response) return subject;
    const parsed = v.safeParse(rules.fields, fieldsOf(form), { abortPipeEarly: true });
    if (!parsed.success) {
      const [first] = violationsOf(parsed.issues);
      if (!rules.invalid) throw validationError(violationsOf(parsed.issues));
      return rules.invalid(c, first?.description ?? 'is invalid', subject, form);
    }
    c.req.addValidatedData('form', { subject, fields: parsed.output });
    await next();
  };
}
