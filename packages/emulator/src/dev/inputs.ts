/** Schemas of the developer endpoints' bodies (routes.ts). */
import * as v from 'valibot';
import { bool, int, obj, oneOf, optional, refusal, str } from '../http/schema.js';

/** The statuses a fault may answer. */
const FAULT_STATUSES = [401, 429, 503] as const;

const isFaultStatus = (status: number): status is (typeof FAULT_STATUSES)[number] =>
  (FAULT_STATUSES as readonly number[]).includes(status);

/** Body of `POST /_emulator/faults`. */
export const faultBody = obj({
  path: str({ min: 1, max: 500, pattern: /^\//, format: 'a path starting with /' }),
  method: optional(oneOf(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])),
  latencyMs: optional(int({ min: 0, max: 30_000 })),
  status: optional(
    v.pipe(
      int({ min: 401, max: 503 }),
      v.guard(isFaultStatus, refusal('INVALID_ENUM_VALUE', 'must be 401, 429 or 503')),
    ),
  ),
  retryAfterSeconds: optional(int({ min: 0, max: 86_400 })),
  times: optional(int({ min: 1, max: 1_000_000 })),
});

/** Body of `POST /_emulator/idp-connections`. */
export const idpConnectionBody = obj({
  idpConnectionId: str({
    min: 1,
    max: 100,
    pattern: /^[A-Za-z0-9_-]+$/,
    format: 'letters, digits, - or _',
  }),
  secret: str({ min: 32, max: 512 }),
});

/** Body of `POST /_emulator/modes`. */
export const modesBody = obj({
  emailVerification: optional(bool()),
  ownerApproval: optional(bool()),
  captchaRequired: optional(bool()),
});
