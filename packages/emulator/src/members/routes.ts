/**
 * `GET /members/v1/members/my`: the signed-in member (the platform's Members API "Get My
 * Member"), `?fieldsets=PUBLIC|EXTENDED|FULL` (repeatable, `PUBLIC` by default). As on the
 * platform, a member reads only their own record: the call takes no id. A visitor is not a
 * member, so it answers 404 `NOT_FOUND` (the official client's only documented error of the
 * call); the API key acts for no one and gets 403.
 */
import { Hono } from 'hono';
import type { AppEnv, EmulatorContext } from '../context.js';
import { identityCallerOf } from '../http/auth.js';
import { fieldError, notFound } from '../http/errors.js';
import { acceptsQuery } from '../http/query-params.js';
import { MEMBER_FIELDSETS, renderMember, type MemberFieldset } from './view.js';

/** The fieldsets of a request, each checked. @throws {ApiError} 400 naming `fieldsets`. */
function fieldsetsOf(values: readonly string[]): MemberFieldset[] {
  if (values.length > MEMBER_FIELDSETS.length)
    throw fieldError(
      'fieldsets',
      `must hold at most ${MEMBER_FIELDSETS.length} values`,
      'MAX_SIZE',
    );
  return values.map((value) => {
    const fieldset = MEMBER_FIELDSETS.find((f) => f === value);
    if (fieldset === undefined)
      throw fieldError(
        'fieldsets',
        `must be one of ${MEMBER_FIELDSETS.join(', ')}`,
        'INVALID_ENUM_VALUE',
      );
    return fieldset;
  });
}

/** The member routes. */
export function memberRoutes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/members/v1/members/my', acceptsQuery('fieldsets'), (c) => {
    const caller = identityCallerOf(c);
    const fieldsets = fieldsetsOf(c.req.queries('fieldsets') ?? []);
    const memberId = caller.role === 'member' ? caller.memberId : undefined;
    const member =
      memberId !== undefined && Object.hasOwn(ctx.store.state.members, memberId)
        ? ctx.store.state.members[memberId]
        : undefined;
    if (!member) throw notFound('The caller is not a member of this site');
    return c.json({ member: renderMember(member, fieldsets) });
  });
  return app;
}
