/**
 * The state changes of the hosted sign-in pages, each one store transaction: the one-time
 * authorization code a completed sign-in answers, the silent sign-in of `prompt=none`, and the
 * end of a logout session. Member sign-in itself is the identity service's.
 */
import type { EmulatorContext } from '../context.js';
import { randomToken } from '../crypto/random.js';
import { hashSecret } from '../crypto/hash.js';
import type { RedirectSessionRecord } from '../models/sessions.js';
import type { Transaction } from '../models/state.js';
import { consumeSessionToken, sessionTokenValid } from '../oauth/session-tokens.js';
import { useUpSession } from '../redirects/sessions.js';

/** Authorization codes live 60 seconds. */
export const CODE_TTL_MS = 60 * 1000;

/** What the shop's redirect URI is told: a code, or why there is none. */
export type AuthorizationResult = { code: string } | { error: string; error_description: string };

/** Issues a one-time code for a member and uses the session up. */
function issueCode(
  ctx: EmulatorContext,
  tx: Transaction,
  session: Readonly<RedirectSessionRecord>,
  memberId: string,
): string {
  const auth = session.auth!;
  const code = randomToken('ac_');
  tx.state.authCodes[hashSecret(code)] = {
    clientId: auth.clientId,
    redirectUri: auth.redirectUri,
    codeChallenge: auth.codeChallenge,
    memberId,
    expiresAt: ctx.now() + CODE_TTL_MS,
    used: false,
  };
  useUpSession(tx, session);
  return code;
}

/**
 * Exchanges a sign-in's session token for the session's authorization code.
 * @returns the code, or `undefined` when the session token is unknown, used or expired.
 */
export function codeForSessionToken(
  ctx: EmulatorContext,
  session: Readonly<RedirectSessionRecord>,
  sessionToken: string,
): Promise<string | undefined> {
  return ctx.store.transaction((tx) => {
    const memberId = consumeSessionToken(ctx, tx, hashSecret(sessionToken));
    return memberId === undefined ? undefined : issueCode(ctx, tx, session, memberId);
  });
}

/**
 * `prompt=none`: a code when the request carried a valid session token, else `login_required`.
 * Either way the session is used up.
 */
export function silentSignIn(
  ctx: EmulatorContext,
  session: Readonly<RedirectSessionRecord>,
): Promise<AuthorizationResult> {
  return ctx.store.transaction((tx): AuthorizationResult => {
    const hash = session.auth!.sessionTokenHash;
    const memberId =
      hash !== undefined && sessionTokenValid(ctx, hash)
        ? consumeSessionToken(ctx, tx, hash)
        : undefined;
    if (memberId !== undefined) return { code: issueCode(ctx, tx, session, memberId) };
    useUpSession(tx, session);
    return {
      error: 'login_required',
      error_description: 'No valid session token; the member must sign in',
    };
  });
}

/** Uses up a logout session (its sign-in was ended when the session was made). */
export function endLogoutSession(
  ctx: EmulatorContext,
  session: Readonly<RedirectSessionRecord>,
): Promise<void> {
  return ctx.store.transaction((tx) => useUpSession(tx, session));
}
