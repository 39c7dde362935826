/**
 * `POST /graphql/{apiVersion}`: accepted and validated, but the emulator does not run GraphQL;
 * it answers a GraphQL-shaped error so clients see a clear reason rather than a 404.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { json, obj, optional, str } from '../http/schema.js';
import { jsonBody } from '../http/validate.js';

const body = obj({
  query: str({ min: 1, max: 100_000 }),
  variables: optional(json(10)),
  operationName: optional(str({ max: 200 })),
});

/** The GraphQL route. */
export function graphqlRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/graphql/:apiVersion', jsonBody(body), (c) =>
    c.json({
      data: null,
      errors: [
        {
          message: 'GraphQL is not emulated; use the REST paths of platform-wire.md',
          extensions: { code: 'NOT_IMPLEMENTED' },
        },
      ],
    }),
  );
  return app;
}
