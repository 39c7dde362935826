/** The envelope identity of an event's cause. */
import type { Caller } from '../http/app-env.js';
import type { WebhookIdentity } from '../models/events.js';

/** The envelope identity of an API caller. */
export function identityOf(caller: Caller): WebhookIdentity {
  if (caller.role === 'app') return { identityType: 'APP', appId: caller.appId };
  if (caller.memberId !== undefined) return { identityType: 'MEMBER', memberId: caller.memberId };
  if (caller.visitorId !== undefined)
    return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
  return { identityType: 'UNKNOWN' };
}
