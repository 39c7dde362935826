/**
 * Redirect sessions as the hosted pages find them: by the id their address carries
 * (`?redirectSessionId=`), and only while they can still be used.
 */
import type { EmulatorContext } from '../context.js';
import type { RedirectSessionRecord } from '../models/sessions.js';
import type { Transaction } from '../models/state.js';

/** The redirect session with this id, used, expired or not. */
export function findSession(
  ctx: EmulatorContext,
  id: string,
): Readonly<RedirectSessionRecord> | undefined {
  const sessions = ctx.store.state.redirectSessions;
  return Object.hasOwn(sessions, id) ? sessions[id] : undefined;
}

/** A redirect session of this kind that can still be used, or `undefined`. */
export function liveSession(
  ctx: EmulatorContext,
  id: string,
  kind: RedirectSessionRecord['kind'],
): Readonly<RedirectSessionRecord> | undefined {
  const session = findSession(ctx, id);
  if (!session || session.kind !== kind || session.used || session.expiresAt <= ctx.now())
    return undefined;
  return session;
}

/** Uses a redirect session up: its page answers no more. */
export function useUpSession(tx: Transaction, session: Readonly<RedirectSessionRecord>): void {
  tx.state.redirectSessions[session.id] = { ...session, used: true };
}
