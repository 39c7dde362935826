/**
 * `GET /members/v1/members/my`: the signed-in member (the platform's Members API "Get My
 * Member"), `?fieldsets=PUBLIC|EXTENDED|FULL` (repeatable, `PUBLIC` by default). As on the
 * platform, a member reads only their own record: the call takes no id. A visitor is not a
 * member, so it answers 404 `NOT_FOUND` (the official client's only documented error of the
 * call); the API key acts for no one and gets 403.
 */
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { identityCallerOf, requireIdentity } from '../http/auth.js';
import { fieldError } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import { myMember } from './service.js';
import { MEMBER_FIELDSETS, type MemberFieldset } from './view.js';

/**
 * The `fieldsets` of the query, each checked, as `c.req.valid('query')`.
 * @throws {ApiError} 400 naming `fieldsets`.
 */
function fieldsetsQuery(): MiddlewareHandler<
  AppEnv,
  string,
  { out: { query: { fieldsets: MemberFieldset[] } } }
> {
  return async (c, next) => {
    const values = c.req.queries('fieldsets') ?? [];
    if (values.length > MEMBER_FIELDSETS.length)
      throw fieldError(
        'fieldsets',
        `must hold at most ${MEMBER_FIELDSETS.length} values`,
        'MAX_SIZE',
      );
    const fieldsets = values.map((value) => {
      const fieldset = MEMBER_FIELDSETS.find((f) => f === value);
      if (fieldset === undefined)
        throw fieldError(
          'fieldsets',
          `must be one of ${MEMBER_FIELDSETS.join(', ')}`,
          'INVALID_ENUM_VALUE',
        );
      return fieldset;
    });
    c.req.addValidatedData('query', { fieldsets });
    await next();
  };
}

/** The member routes. */
export function memberRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    '/members/v1/members/my',
    acceptsQuery('fieldsets'),
    requireIdentity(),
    fieldsetsQuery(),
    (c) => c.json(myMember(ctx, identityCallerOf(c), c.req.valid('query').fieldsets)),
  );
  return app;
}
