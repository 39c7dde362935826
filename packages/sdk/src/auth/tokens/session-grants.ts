/**
 * A session that lives on the shop's server (`session: sessionEndpoint(url)`): renewals ask its
 * endpoint (session-endpoint.ts, loaded on first use), which renews or mints on the server, and
 * the sign-in methods that would hold a refresh token here are refused. Only apps that pass one
 * load this code.
 */
import { StoreArgumentError } from '../../errors/argument-error.js';
import { loadOnFirstUse } from '../../http/load-on-first-use.js';
import type { RenewalGrants } from './renewal-grants.js';
import type { HeldTokens, SessionClientDeps } from './session-endpoint.js';

const loadSessionEndpoint = /* @__PURE__ */ loadOnFirstUse(() => import('./session-endpoint.js'));

/**
 * A session kept by the shop's server, for `createStoreClient`'s `session` option. Build it with
 * {@link sessionEndpoint}.
 */
export interface SessionEndpoint {
  /** The endpoint's address (a path of the page's origin, or an absolute http(s) URL). */
  readonly url: string;
  /** @internal The renewal grants of a client of this session, holding `held`. */
  grants(deps: SessionClientDeps, held: HeldTokens): RenewalGrants;
  /** @internal Rejects with the `NOT_SUPPORTED` error of a sign-in method. */
  refuse(method: string): Promise<never>;
}

/**
 * The session your server keeps, reached at `url`: pass it as `createStoreClient`'s `session`.
 * The endpoint answers `POST` requests carrying the header `x-vitrine-session: 1` with
 * `{ access_token, expires_in, role, identity }` (see `@vitrine/next`, which serves one).
 *
 * @example
 * const store = createStoreClient({ clientId, session: sessionEndpoint('/_vitrine/session') });
 * @throws {StoreArgumentError} when `url` is neither a path (`/…`) nor an absolute http(s) URL.
 */
export function sessionEndpoint(url: string): SessionEndpoint {
  if (typeof url !== 'string' || !/^(\/(?![/\\])|https?:\/\/)/.test(url)) {
    throw new StoreArgumentError('url', 'must be a path (/…) or an absolute http(s) URL');
  }
  return {
    url,
    grants(deps, held) {
      const ask = async (signal?: AbortSignal) =>
        (await loadSessionEndpoint()).requestSession(url, deps, held, signal);
      return {
        // A first token adopts the server's session (which may hold a cart, or be a member's).
        anonymous: async (signal) => ({ ...(await ask(signal)), news: 'other-tab' }),
        // The server's identity id stands in the refresh token's place: another one is news.
        async refresh(identity, signal) {
          const tokens = await ask(signal);
          return tokens.refreshToken.value === identity.value
            ? tokens
            : { ...tokens, news: 'other-tab' };
        },
      };
    },
    async refuse(method) {
      throw (await loadSessionEndpoint()).signInRefused(method);
    },
  };
}
