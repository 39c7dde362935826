/** The enumerations of a client's identity, as `store.auth` reports it. */
import { defineEnum, type EnumValue } from './enum.js';

/**
 * What the auth layer is busy with: `renewing` tokens, `signing-in` (register, login,
 * verification, redirect callback, silent or external login), `signing-out`, or `idle`.
 */
export const AuthStatus = /* @__PURE__ */ defineEnum([
  'idle',
  'renewing',
  'signing-in',
  'signing-out',
]);
export type AuthStatus = EnumValue<typeof AuthStatus>;

/** Why the identity behind the tokens changed. */
export const IdentityChangeReason = /* @__PURE__ */ defineEnum([
  'visitor',
  'login',
  'logout',
  'session-ended',
  'tokens-set',
  'other-tab',
]);
export type IdentityChangeReason = EnumValue<typeof IdentityChangeReason>;
