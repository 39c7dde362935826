/**
 * The sign-in code of one client, loaded on first use. Member sign-in and sign-out, the hosted
 * and silent login and the raw identity calls live in sign-in.ts, which a storefront's first page
 * does not download; here are their synchronous stand-ins: methods of the same names that load
 * it and call through, and `store.identity`. A sign-in shows its `status` from the moment it is
 * called and resolves once what the new identity set off has settled too (the visitor's cart
 * carried into the member's).
 */
import { deferMethods, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { StoreIdentity } from './member-flows/identity-api.js';
import { identityLogoutUrl } from './member-flows/identity-logout-url.js';
import type { SignIn, SignInDeps, SignInMethods } from './sign-in.js';

/** The sign-in code of one client, as the auth layer reaches it. */
export interface LazySignIn {
  /** The client's sign-in code, loading it the first time. */
  load(): Promise<SignIn>;
  /**
   * The sign-in methods named, each calling the loaded code's. `tracked` ones show
   * `signing-in` while they run and wait for what the new identity set off.
   */
  methods<K extends keyof SignInMethods>(
    names: readonly K[],
    tracked: boolean,
  ): Pick<SignInMethods, K>;
  /** `store.identity`: the raw identity calls, each loading the code first. */
  identity: StoreIdentity;
}

const loadSignInCode = /* @__PURE__ */ loadOnFirstUse(() => import('./sign-in.js'));

/** The sign-in code of one client, wired with `deps` once loaded. */
export function createLazySignIn(deps: SignInDeps): LazySignIn {
  const { store, options } = deps;
  let signIn: SignIn | undefined;
  const load = async () => (signIn ??= (await loadSignInCode()).createSignIn(deps));

  function methods<K extends keyof SignInMethods>(
    names: readonly K[],
    tracked: boolean,
  ): Pick<SignInMethods, K> {
    const found: Partial<Record<K, unknown>> = {};
    for (const name of names) {
      const call = async (args: unknown[]) =>
        ((await load()).methods[name] as (...given: unknown[]) => Promise<unknown>)(...args);
      found[name] = (...args: unknown[]) =>
        tracked
          ? store.track('signing-in', async () => {
              const result = await call(args);
              await store.followersSettled();
              return result;
            })
          : call(args);
    }
    return found as Pick<SignInMethods, K>;
  }

  const identityCalls = async () => (await load()).identity;
  const identity: StoreIdentity = {
    authentication: {
      ...deferMethods(
        async () => (await identityCalls()).authentication,
        [
          'register',
          'login',
          'registerV2',
          'loginV2',
          'changePassword',
          'loginWithTokenParams',
          'proceed',
          'signOn',
        ],
      ),
      logoutUrl: (params) => identityLogoutUrl(options.apiOrigin, options.clientId, params),
    },
    recovery: deferMethods(
      async () => (await identityCalls()).recovery,
      ['sendEmail', 'sendActivationEmail', 'recover'],
    ),
    verification: deferMethods(
      async () => (await identityCalls()).verification,
      ['start', 'verify', 'resend'],
    ),
  };

  return { load, methods, identity };
}
