/** Schemas of the identity request bodies. */
import { addressInput } from '../cart/inputs.js';
import * as v from 'valibot';
import {
  arr,
  bool,
  email,
  json,
  obj,
  oneOf,
  optional,
  record,
  refusal,
  str,
} from '../http/schema.js';

/**
 * How long a member's password is: the one rule the API's bodies and the hosted pages' forms
 * (pages/inputs.ts) hold a new password to, and the longest any password field takes.
 */
export const PASSWORD_LENGTH = { min: 4, max: 100 } as const;

/** A new password: {@link PASSWORD_LENGTH}. */
export const password = () => str(PASSWORD_LENGTH);

const captchaTokens = optional(
  arr(
    obj({
      Recaptcha: optional(str({ max: 4000 })),
      InvisibleRecaptcha: optional(str({ max: 4000 })),
    }),
    { max: 2 },
  ),
);

/** The member profile accepted at registration and sign-on. */
export const profileInput = obj({
  firstName: optional(str({ max: 100 })),
  lastName: optional(str({ max: 100 })),
  nickname: optional(str({ max: 100 })),
  picture: optional(str({ max: 2000 })),
  privacyStatus: optional(oneOf(['UNDEFINED', 'PUBLIC', 'PRIVATE'])),
  language: optional(str({ max: 10 })),
  birthdate: optional(str({ pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'a date (YYYY-MM-DD)' })),
  position: optional(str({ max: 100 })),
  company: optional(str({ max: 100 })),
  phones: optional(
    arr(
      obj({
        tag: optional(oneOf(['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX'])),
        phone: str({ min: 1, max: 50 }),
      }),
      { max: 10 },
    ),
  ),
  secondaryEmails: optional(
    arr(obj({ tag: optional(oneOf(['UNTAGGED', 'MAIN', 'HOME', 'WORK'])), email: email() }), {
      max: 10,
    }),
  ),
  addresses: optional(
    arr(
      obj({
        tag: optional(oneOf(['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING'])),
        address: addressInput,
      }),
      { max: 10 },
    ),
  ),
  customFields: optional(
    arr(
      obj({
        name: str({ min: 1, max: 100 }),
        value: obj({
          strValue: optional(str({ max: 2000 })),
          numValue: optional(json(0)),
          dateValue: optional(str({ max: 40 })),
          listValue: optional(json(4)),
          mapValue: optional(json(4)),
        }),
      }),
      { max: 50 },
    ),
  ),
  labels: optional(arr(str({ min: 1, max: 100 }), { max: 50 })),
});

const loginId = obj({ email: email() });

export const registerV2Body = obj({
  loginId,
  password: password(),
  profile: optional(profileInput),
  captchaTokens,
  clientMetaData: optional(record(str({ max: 1000 }), { maxKeys: 20 })),
});
export const loginV2Body = obj({
  loginId,
  password: str({ min: 1, max: PASSWORD_LENGTH.max }),
  captchaTokens,
});

/** `inputs` of the v1 calls: `[{name, value}]` or `{name: value}`; gives the password. */
function passwordInputs() {
  const asList = arr(
    obj({ name: str({ min: 1, max: 100 }), value: str({ max: PASSWORD_LENGTH.max }) }),
    {
      max: 10,
    },
  );
  const asMap = record(str({ max: PASSWORD_LENGTH.max }), { maxKeys: 10 });
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const list = Array.isArray(dataset.value);
      const result = v.safeParse(list ? asList : asMap, dataset.value, { abortPipeEarly: true });
      if (!result.success) {
        for (const issue of result.issues) addIssue({ message: issue.message, path: issue.path });
        return NEVER;
      }
      const entries = Array.isArray(result.output)
        ? result.output.map((e) => [e.name, e.value] as const)
        : Object.entries(result.output);
      const found = entries.find(([name]) => name === 'password')?.[1];
      if (found !== undefined && found.length >= PASSWORD_LENGTH.min) return found;
      addIssue({
        message:
          found === undefined
            ? refusal('REQUIRED_FIELD', 'is required')
            : refusal('MIN_LENGTH', `must be at least ${PASSWORD_LENGTH.min} characters`),
        path: [{ type: 'object', origin: 'value', input: {}, key: 'password', value: found }],
      });
      return NEVER;
    }),
  );
}

export const registerV1Body = obj({
  identity: obj({
    loginId: optional(loginId),
    email: optional(obj({ address: email(), isVerified: optional(bool()) })),
    identityProfile: optional(profileInput),
  }),
  authenticatorId: optional(str({ max: 100 })),
  inputs: passwordInputs(),
  captchaTokens,
});

export const loginV1Body = obj({
  identifier: optional(loginId),
  loginId: optional(loginId),
  authenticatorId: optional(str({ max: 100 })),
  inputs: passwordInputs(),
  captchaTokens,
});

export const changePasswordBody = obj({ newPassword: password() });
export const ssoBody = obj({
  idpConnectionId: str({ min: 1, max: 100 }),
  tokenParams: record(str({ max: 4000 }), { maxKeys: 20 }),
});
export const stateTokenBody = obj({ stateToken: str({ min: 1, max: 500 }) });
export const signOnBody = obj({
  loginId,
  profile: optional(profileInput),
  verifyEmail: optional(bool()),
  mergeExistingContact: optional(bool()),
});

export const sendRecoveryBody = obj({
  email: email(),
  language: optional(str({ max: 10 })),
  redirect: optional(obj({ url: str({ min: 1, max: 2000 }), clientId: str({ min: 1, max: 200 }) })),
});
export const activationBody = obj({
  identityId: str({ min: 1, max: 100 }),
  emailOptions: optional(json(4)),
});
export const recoverBody = obj({ recoveryToken: str({ min: 1, max: 500 }), password: password() });
export const verificationStartBody = obj({
  identityId: str({ min: 1, max: 100 }),
  target: oneOf(['EMAIL']),
});
export const verifyBody = obj({
  code: str({ min: 1, max: 20 }),
  stateToken: str({ min: 1, max: 500 }),
});
