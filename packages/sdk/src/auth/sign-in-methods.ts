/**
 * The sign-in methods of `store.auth`, and `store.identity`, as every page holds them: each
 * loads the sign-in code (sign-in.ts, which a storefront's first page does not download) and
 * calls the method of the same name there. A sign-in shows its `status` from the moment it is
 * called and resolves once what the new identity set off has settled too (the visitor's cart
 * carried into the member's). Both method lists are checked by the compiler against the sign-in
 * code's types: a method missing from one fails to compile.
 */
import { lazyFace, loadOnFirstUse } from '../http/load-on-first-use.js';
import type { AuthenticationApi, StoreIdentity } from './member-flows/identity-api.js';
import { identityLogoutUrl } from './member-flows/identity-logout-url.js';
import type { SignIn, SignInDeps, SignInMethods } from './sign-in.js';

/** The sign-in code of one client, as the auth layer reaches it. */
export interface ClientSignIn {
  /** The client's sign-in code, loading it the first time. */
  load(): Promise<SignIn>;
  /** The sign-in methods of `store.auth`, each calling the loaded code's. */
  methods: SignInMethods;
  /** `store.identity`: the raw identity calls, each loading the code first. */
  identity: StoreIdentity;
}

/**
 * Whether each sign-in method is tracked: a tracked one shows `signing-in` while it runs and
 * waits for what the new identity set off (a carried cart) before it resolves.
 */
const TRACKED: { readonly [Name in keyof SignInMethods]: boolean } = {
  getAuthUrl: false,
  loginWithRedirect: false,
  sendPasswordResetEmail: false,
  recoverPassword: false,
  getMemberTokens: true,
  getMemberTokensForDirectLogin: true,
  register: true,
  login: true,
  processVerification: true,
  getMemberTokensForExternalLogin: true,
};

const loadSignInCode = /* @__PURE__ */ loadOnFirstUse(() => import('./sign-in.js'));

/** The sign-in methods and identity calls of one client, wired with `deps` once loaded. */
export function createSignInMethods(deps: SignInDeps): ClientSignIn {
  const { store, options } = deps;
  let signIn: SignIn | undefined;
  const load = async () => (signIn ??= (await loadSignInCode()).createSignIn(deps));

  const methods: Partial<Record<keyof SignInMethods, unknown>> = {};
  for (const name of Object.keys(TRACKED) as (keyof SignInMethods)[]) {
    const call = async (...args: unknown[]) =>
      ((await load()).methods[name] as (...given: unknown[]) => Promise<unknown>)(...args);
    // A tracked method shows `signing-in` meanwhile, and waits for what the new identity set off.
    methods[name] = TRACKED[name]
      ? (...args: unknown[]) =>
          store.track('signing-in', async () => {
            const result = await call(...args);
            await store.followersSettled();
            return result;
          })
      : call;
  }

  // One part of the identity calls, once the code is loaded.
  const part =
    <K extends keyof StoreIdentity>(key: K) =>
    async () =>
      (await load()).identity[key];
  // Its logout address is made here, with no code to load.
  const authentication: () => Promise<Omit<AuthenticationApi, 'logoutUrl'>> =
    part('authentication');
  const identity: StoreIdentity = {
    authentication: {
      ...lazyFace(authentication, [
        'register',
        'login',
        'registerV2',
        'loginV2',
        'changePassword',
        'loginWithTokenParams',
        'proceed',
        'signOn',
      ]),
      logoutUrl: (params) => identityLogoutUrl(options.apiOrigin, options.clientId, params),
    },
    recovery: lazyFace(part('recovery'), ['sendEmail', 'sendActivationEmail', 'recover']),
    verification: lazyFace(part('verification'), ['start', 'verify', 'resend']),
  };

  // TRACKED names every sign-in method, each called with its own arguments.
  return { load, methods: methods as SignInMethods, identity };
}
