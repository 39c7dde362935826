/**
 * The fields of the hosted pages' forms, checked by the form middleware (http/validate.ts
 * `formBody`) before a handler runs. A field reads as the browser sent it; one that is missing, or
 * longer than its bound, reads as empty, so an absurd value fails like a wrong one. A rule's
 * description is the message the page shows.
 */
import * as v from 'valibot';
import { isEmail, refusal } from '../http/schema.js';
import { PASSWORD_LENGTH } from '../identity/inputs.js';
import { CHECKOUT_COUNTRIES } from './checkout-view.js';

/** A field of `max` characters at most; missing or longer reads as `''`. */
export function formField(max = 500) {
  return v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => (value.length > max ? '' : value)),
  );
}

/** The value of `name` in a raw form, read as {@link formField} reads it. */
export function formValue(form: URLSearchParams, name: string, max = 500): string {
  const value = form.get(name) ?? '';
  return value.length > max ? '' : value;
}

/** The longest e-mail address a form takes (the one rule's bound, http/schema.ts `isEmail`). */
const EMAIL_MAX = 320;

/** The sign-in form. */
export const signInFields = v.object({
  email: formField(EMAIL_MAX),
  password: formField(PASSWORD_LENGTH.max),
});

/** The sign-up form: an e-mail address and a new password, by the API's rules. */
export const signUpFields = v.object({
  email: v.pipe(formField(EMAIL_MAX), v.check(isEmail, refusal('FORMAT', 'Enter a valid email'))),
  password: v.pipe(
    formField(PASSWORD_LENGTH.max),
    v.minLength(
      PASSWORD_LENGTH.min,
      refusal('MIN_LENGTH', `The password must be at least ${PASSWORD_LENGTH.min} characters`),
    ),
  ),
});

/** The form asking for a reset link. */
export const resetFields = v.object({ email: formField(EMAIL_MAX) });

/** The verification-code form. */
export const verifyFields = v.object({ stateToken: formField(), code: formField(20) });

/** The recovery link's form: a new password, by the API's rules. */
export const recoveryFields = v.object({
  password: v.pipe(
    formField(PASSWORD_LENGTH.max),
    v.minLength(
      PASSWORD_LENGTH.min,
      refusal(
        'MIN_LENGTH',
        `The password must be ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
      ),
    ),
  ),
});

const COUNTRY_CODES = CHECKOUT_COUNTRIES.map(([code]) => code);

/**
 * The checkout form: a country of the page's list (empty: the checkout's own address's), the
 * delivery option chosen, and whether to place the order or review the total.
 */
export const checkoutFields = v.object({
  country: v.pipe(
    v.optional(v.string(), ''),
    v.check(
      (code) => code === '' || COUNTRY_CODES.includes(code),
      refusal('INVALID_ENUM_VALUE', 'Choose the country the order goes to.'),
    ),
  ),
  shippingOption: v.optional(v.string()),
  intent: v.optional(v.string()),
});
