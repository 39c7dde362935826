/**
 * `createWebhookHandler`: verifies the RS256 JWT the platform posts to a webhook URL (with
 * `jose`), unwraps its envelope and returns a typed event.
 */
import { importSPKI, importX509, jwtVerify, type CryptoKey, type JWK, type KeyObject } from 'jose';

/**
 * A public key object `jose` accepts: a WebCrypto `CryptoKey` or a Node `KeyObject` (both have
 * a `type`), or a JWK (with a `kty`). Described here rather than with jose's own types, so that
 * the SDK's declarations import nothing from jose (an ES module only: TypeScript apps compiled
 * as CommonJS could not read them).
 */
export type WebhookPublicKeyObject =
  { readonly type: string } | { readonly kty?: string; readonly [parameter: string]: unknown };
import { StoreArgumentError } from '../errors/argument-error.js';
import type { WebhookEvent } from '../models/webhooks.js';
import { eventFromClaims, MalformedEnvelope } from './event-from-claims.js';
import { WebhookVerificationError } from './errors/verification-error.js';
import { readTextAtMost } from '../http/read-at-most.js';

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /**
   * The public key that verifies the platform's webhooks: a PEM string (`-----BEGIN PUBLIC
   * KEY-----…`, or a certificate), or a key `jose` accepts (a `CryptoKey`, a Node `KeyObject`,
   * a JWK). The app's dashboard shows it; the local emulator serves it at
   * `GET /_emulator/webhooks/public-key`.
   */
  publicKey: string | WebhookPublicKeyObject;
  /**
   * Refuse tokens issued longer ago than this (`'5m'`, or seconds). Tokens with an `exp`
   * claim are always refused once expired. Without it a captured webhook verifies for as long
   * as its key is valid: set it, and remember what you verified within it (see the README's
   * "Refusing replays").
   * @default no limit beyond `exp`
   */
  maxTokenAge?: string | number;
  /**
   * Largest body read, in bytes. A longer body is refused without being read whole (or, for
   * `verify`, parsed).
   * @default 2097152 (2 MiB)
   */
  maxBodyBytes?: number;
  /**
   * Clock skew tolerated on `exp`, `nbf` and `iat` (`'30s'`, or seconds).
   * @default 0
   */
  clockTolerance?: string | number;
  /**
   * The clock, in epoch milliseconds, for expiry checks in tests.
   * @default Date.now
   */
  now?: () => number;
}

/** Verifies and reads webhook bodies. */
export interface WebhookHandler {
  /**
   * Verifies a webhook body (the JWT, as text) and returns its event. Switch on `event.type`
   * to narrow `event.data`.
   *
   * @example
   * const event = await handler.verify(await request.text());
   * if (event.type === 'cartUpdated') console.log(event.data.cart.lineItems.length);
   * @throws {WebhookVerificationError} 'JWT is not valid': bad signature, expired or malformed
   * token, or an envelope that is not the platform's.
   * @throws {UnexpectedWebhookEventError} for a verified event of a type the SDK does not handle;
   * its message names the type.
   * @throws {StoreArgumentError} when `publicKey` is not a usable RS256 public key.
   */
  verify(body: string): Promise<WebhookEvent>;
  /**
   * Reads the body of a `Request` (as web frameworks and edge runtimes give it) and verifies it.
   *
   * @example
   * export async function POST(request: Request) {
   *   const event = await handler.verifyRequest(request);
   *   …
   *   return new Response(null, { status: 200 });
   * }
   * @throws the errors of {@link WebhookHandler.verify}.
   */
  verifyRequest(request: Request): Promise<WebhookEvent>;
}

const ALGORITHM = 'RS256';

/** Default largest webhook body, in bytes. */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Creates a handler for the platform's webhooks.
 *
 * @example
 * const handler = createWebhookHandler({ publicKey: process.env.WEBHOOK_PUBLIC_KEY! });
 * const event = await handler.verify(body);
 * switch (event.type) {
 *   case 'productChanged': revalidate(event.data.productId); break;
 *   case 'cartUpdated': …
 * }
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const { publicKey } = options;
  if (publicKey === null || (typeof publicKey !== 'string' && typeof publicKey !== 'object')) {
    throw new StoreArgumentError('publicKey', 'must be a PEM string or a public key');
  }
  if (typeof publicKey === 'string' && !publicKey.includes('-----BEGIN')) {
    throw new StoreArgumentError('publicKey', 'must be a PEM string (-----BEGIN PUBLIC KEY-----…)');
  }
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new StoreArgumentError('maxBodyBytes', 'must be a positive whole number of bytes');
  }
  const tooLarge = () =>
    new WebhookVerificationError(
      new RangeError(`the webhook body is larger than maxBodyBytes (${maxBodyBytes})`),
    );
  let key: Promise<CryptoKey | KeyObject | JWK> | undefined;
  const keyOnce = () => (key ??= importKey(publicKey));

  async function verify(body: string): Promise<WebhookEvent> {
    const verificationKey = await keyOnce();
    if (typeof body !== 'string') throw new WebhookVerificationError();
    // A JWT is ASCII: one character is one byte.
    if (body.length > maxBodyBytes) throw tooLarge();
    let claims: Record<string, unknown>;
    try {
      const verified = await jwtVerify(body.trim(), verificationKey, {
        algorithms: [ALGORITHM],
        ...(options.maxTokenAge === undefined ? {} : { maxTokenAge: options.maxTokenAge }),
        ...(options.clockTolerance === undefined ? {} : { clockTolerance: options.clockTolerance }),
        ...(options.now === undefined ? {} : { currentDate: new Date(options.now()) }),
      });
      claims = verified.payload;
    } catch (cause) {
      throw new WebhookVerificationError(cause);
    }
    try {
      return eventFromClaims(claims);
    } catch (error) {
      if (error instanceof MalformedEnvelope) throw new WebhookVerificationError(error);
      throw error;
    }
  }

  return {
    verify,
    async verifyRequest(request) {
      return verify(await readBody(request, maxBodyBytes, tooLarge));
    },
  };
}

// Reads a request body up to `maxBytes`, refusing more without reading it all.
async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge: () => WebhookVerificationError,
): Promise<string> {
  let text: string | undefined;
  try {
    text = await readTextAtMost(request, maxBytes);
  } catch (cause) {
    throw new WebhookVerificationError(cause);
  }
  if (text === undefined) throw tooLarge();
  return text;
}

async function importKey(publicKey: string | CryptoKey | KeyObject | JWK) {
  if (typeof publicKey !== 'string') return publicKey;
  try {
    const pem = publicKey.trim();
    return pem.includes('-----BEGIN CERTIFICATE')
      ? await importX509(pem, ALGORITHM)
      : await importSPKI(pem, ALGORITHM);
  } catch {
    throw new StoreArgumentError('publicKey', 'is not an RS256 public key in PEM form');
  }
}
