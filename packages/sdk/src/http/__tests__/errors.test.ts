import { describe, expect, it } from 'vitest';
import { resolveStoreClientOptions } from '../../client/options.js';
import { json, recordingFetch } from '../../__tests__/helpers.js';
import { StoreApplicationError } from '../errors/application-error.js';
import { StoreClientError } from '../errors/client-error.js';
import { StoreApiError } from '../errors/store-api-error.js';
import { StoreSystemError } from '../errors/system-error.js';
import { toStoreError } from '../errors/to-store-error.js';
import {
  isStoreApiError,
  isStoreApplicationError,
  isStoreClientError,
  isStoreSystemError,
  isStoreValidationError,
} from '../errors/type-guards.js';
import { StoreValidationError } from '../errors/validation-error.js';
import type { ApiCall } from '../api-call.js';
import { createTransport } from '../transport.js';

const TOKEN = 'at_canary-access-token-5b1e';
const PASSWORD = 'pw_canary-password-77c2';

async function failWith(response: () => Response, call: Partial<ApiCall> = {}): Promise<unknown> {
  const recorder = recordingFetch(response);
  const transport = createTransport(
    resolveStoreClientOptions({ clientId: 'c', fetch: recorder.fetch, retry: 0 }).http,
    { getAuthorization: () => Promise.resolve(TOKEN) },
  );
  return transport
    .request({ method: 'POST', path: '/_api/iam/authentication/v2/register', body: {}, ...call })
    .then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: unknown) => error,
    );
}

const withId = (status: number, body: unknown, statusText?: string) => () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    ...(statusText === undefined ? {} : { statusText }),
    headers: { 'x-wix-request-id': 'req-42', 'content-type': 'application/json' },
  });

describe('errors', () => {
  describe('validation errors', () => {
    it('lists violations sorted by field, renamed to the caller argument names', async () => {
      const error = await failWith(
        withId(400, {
          message: 'invalid',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'password', description: 'is too short', violatedRule: 'MIN_LENGTH' },
                {
                  field: 'loginId.email',
                  description: 'must be a valid email',
                  violatedRule: 'FORMAT',
                  data: { type: 'EMAIL' },
                },
              ],
            },
          },
        }),
        { argumentNames: { 'loginId.email': 'email', profile: 'options.profile' } },
      );

      expect(error).toBeInstanceOf(StoreValidationError);
      const validation = error as StoreValidationError;
      expect(validation.message).toBe(
        'INVALID_ARGUMENT: "email" must be a valid email, "password" is too short',
      );
      expect(validation.code).toBe('INVALID_ARGUMENT');
      expect(validation.status).toBe(400);
      expect(validation.requestId).toBe('req-42');
      expect(validation.fieldViolations).toEqual([
        {
          field: 'email',
          description: 'must be a valid email',
          violatedRule: 'FORMAT',
          data: { type: 'EMAIL' },
        },
        { field: 'password', description: 'is too short', violatedRule: 'MIN_LENGTH' },
      ]);
      expect(validation.details).toEqual({
        validationError: { fieldViolations: validation.fieldViolations },
        requestId: 'req-42',
      });
    });

    it('renames by the longest matching prefix, at a field boundary only', async () => {
      const error = (await failWith(
        withId(400, {
          details: {
            validationError: {
              fieldViolations: [
                { field: 'product.variants[0].price', description: 'must be positive' },
                { field: 'product.id', description: 'is required' },
                { field: 'productIds', description: 'is empty' },
              ],
            },
          },
        }),
        {
          argumentNames: { product: 'product', 'product.id': 'id', 'product.variants': 'variants' },
        },
      )) as StoreValidationError;
      expect(error.fieldViolations.map((v) => v.field)).toEqual([
        'id',
        'productIds',
        'variants[0].price',
      ]);
    });
  });

  describe('application errors', () => {
    it('carries the server code, description and data; message plus description', async () => {
      const error = await failWith(
        withId(400, {
          message: 'Login failed',
          details: {
            applicationError: { code: '-19976', description: 'Wrong password', data: { tries: 1 } },
          },
        }),
      );
      expect(error).toBeInstanceOf(StoreApplicationError);
      expect(error).toMatchObject({
        message: 'Login failed: Wrong password',
        code: '-19976',
        status: 400,
        requestId: 'req-42',
        description: 'Wrong password',
        data: { tries: 1 },
        details: {
          applicationError: { code: '-19976', description: 'Wrong password', data: { tries: 1 } },
          requestId: 'req-42',
        },
      });
    });

    it('does not repeat a description equal to the message', async () => {
      const error = await failWith(
        withId(409, {
          message: 'Email exists',
          details: { applicationError: { code: -19995, description: 'Email exists' } },
        }),
      );
      expect(error).toMatchObject({ message: 'Email exists', code: '-19995' });
    });

    it('falls back to the status text for a missing message, description and code', async () => {
      const error = await failWith(withId(403, { details: { applicationError: {} } }, 'Forbidden'));
      expect(error).toMatchObject({
        name: 'StoreApplicationError',
        message: 'Forbidden',
        code: 'FORBIDDEN',
        description: 'Forbidden',
        data: {},
      });
    });
  });

  describe('other 4xx', () => {
    it('uses the status text as description and derives an upper-snake code', async () => {
      const error = await failWith(withId(404, '', 'Not Found'));
      expect(error).toBeInstanceOf(StoreClientError);
      expect(error).toMatchObject({
        message: 'Not Found',
        code: 'NOT_FOUND',
        status: 404,
        requestId: 'req-42',
        details: {
          applicationError: { description: 'Not Found', code: 'NOT_FOUND', data: {} },
          requestId: 'req-42',
        },
        retryable: false,
      });
    });

    it('prefers the server message, and knows the reason phrase when the status text is empty', async () => {
      const error = await failWith(withId(429, { message: 'Slow down' }, ''));
      expect(error).toMatchObject({
        message: 'Slow down',
        code: 'TOO_MANY_REQUESTS',
        retryable: true,
      });
    });
  });

  describe('system errors', () => {
    it('says "System error occurred" with the request id', async () => {
      const error = await failWith(withId(500, { message: 'boom' }, 'Internal Server Error'));
      expect(error).toBeInstanceOf(StoreSystemError);
      expect(error).toMatchObject({
        message: 'System error occurred, request-id: req-42',
        status: 500,
        code: 'INTERNAL_SERVER_ERROR',
        requestId: 'req-42',
      });
    });

    it('gives a short reason when there is no request id', async () => {
      const error = await failWith(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
      expect((error as Error).message).toBe(
        'System error occurred: HTTP 502 Bad Gateway (POST /_api/iam/authentication/v2/register)',
      );
    });

    it('maps a network failure to NETWORK_ERROR with the original as cause', async () => {
      const failure = new TypeError('fetch failed');
      const error = (await failWith(() => {
        throw failure;
      })) as StoreSystemError;
      expect(error.code).toBe('NETWORK_ERROR');
      expect(error.status).toBeUndefined();
      expect(error.cause).toBe(failure);
    });
  });

  describe('hostile bodies', () => {
    const hostile: [string, number, string][] = [
      ['HTML', 400, '<!doctype html><title>Error</title>'],
      ['truncated JSON', 400, '{"message": "x", "details": {"applicationE'],
      ['null', 400, 'null'],
      ['an array', 400, '[{"message":"x"}]'],
      ['a number', 400, '12'],
      ['a string', 400, '"oops"'],
      ['details as a string', 400, '{"details":"validationError"}'],
      ['violations not a list', 400, '{"details":{"validationError":{"fieldViolations":"all"}}}'],
      [
        'violations of the wrong types',
        400,
        '{"details":{"validationError":{"fieldViolations":[1,null,{"field":7,"description":{}}]}}}',
      ],
      [
        'a __proto__ key',
        400,
        '{"__proto__":{"polluted":"yes"},"details":{"__proto__":{"polluted":"yes"},"applicationError":{"data":{"__proto__":{"polluted":"yes"}}}}}',
      ],
      ['an empty body', 500, ''],
      ['HTML on 503', 503, '<html>down</html>'],
    ];

    it.each(hostile)('turns %s (status %i) into a typed error', async (_label, status, body) => {
      const error = await failWith(() => new Response(body, { status }));
      expect(error).toBeInstanceOf(StoreApiError);
      expect(error).not.toBeInstanceOf(SyntaxError);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf((error as StoreApiError).details)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ status });
    });

    it('clips a huge server message', async () => {
      const error = (await failWith(withId(400, { message: 'x'.repeat(2_000_000) }))) as Error;
      expect(error.message.length).toBeLessThanOrEqual(1001);
    });

    it('keeps only well-formed violations', async () => {
      const error = (await failWith(
        () =>
          new Response(
            '{"details":{"validationError":{"fieldViolations":[1,null,{"field":7,"description":{}},{"field":"a","description":"bad"}]}}}',
            { status: 400 },
          ),
      )) as StoreValidationError;
      expect(error.fieldViolations).toEqual([
        { field: '', description: '' },
        { field: 'a', description: 'bad' },
      ]);
    });
  });

  describe('secrets', () => {
    it('keeps the token and a posted password out of message, stack, details and JSON', async () => {
      const echo = `token ${TOKEN} with password ${PASSWORD} refused`;
      const error = (await failWith(
        () =>
          json(
            {
              message: echo,
              details: {
                applicationError: { code: 'X', description: echo, data: { echo, nested: [echo] } },
              },
            },
            { status: 400 },
          ),
        { body: { loginId: { email: 'a@b.c' }, password: PASSWORD } },
      )) as StoreApplicationError;
      const everything = [
        error.message,
        error.stack ?? '',
        JSON.stringify(error),
        JSON.stringify(error.details),
        JSON.stringify(error.request),
      ].join('\n');
      expect(everything).not.toContain(TOKEN);
      expect(everything).not.toContain(PASSWORD);
      expect(error.message).toContain('[redacted]');
    });

    it('scrubs a secret a custom fetch put into its failure', async () => {
      const error = (await failWith(() => {
        throw new TypeError(`could not send Authorization: ${TOKEN}`);
      })) as StoreSystemError;
      expect(String((error.cause as Error).message)).not.toContain(TOKEN);
      expect(String((error.cause as Error).stack)).not.toContain(TOKEN);
    });

    it('redacts secret query parameters from the attached request', async () => {
      const error = (await failWith(() => json({}, { status: 400 }), {
        method: 'GET',
        path: '/x',
        searchParams: { code: 'oauth-code-123456', state: 'state-abcdef', clientId: 'c1' },
      })) as StoreApiError;
      expect(error.request?.url).toBe(
        'https://readonly.wixapis.com/x?code=%5Bredacted%5D&state=%5Bredacted%5D&clientId=c1',
      );
    });
  });

  describe('toStoreError', () => {
    const context = { request: { method: 'GET', url: 'https://h/x' }, secrets: [] };

    it.each(['a string', 42, undefined, null, true])(
      'rethrows the non-object failure %s unchanged',
      (value) => {
        expect(() => toStoreError(value, context)).toThrow();
        try {
          toStoreError(value, context);
        } catch (thrown) {
          expect(thrown).toBe(value);
        }
      },
    );

    it('returns an error of the hierarchy unchanged', () => {
      const error = new StoreClientError({
        message: 'm',
        status: 404,
        code: 'NOT_FOUND',
        requestId: undefined,
        details: {},
        retryable: false,
      });
      expect(toStoreError(error, context)).toBe(error);
    });
  });

  describe('type guards', () => {
    it('recognise errors from another copy of the package by name', () => {
      class StoreValidationError extends Error {
        override name = 'StoreValidationError';
      }
      const foreign = new StoreValidationError('x');
      expect(isStoreValidationError(foreign)).toBe(true);
      expect(isStoreApiError(foreign)).toBe(true);
      expect(isStoreApplicationError(foreign)).toBe(false);
      expect(isStoreClientError(new Error('x'))).toBe(false);
      expect(isStoreSystemError({ name: 'StoreSystemError' })).toBe(false);
    });
  });
});
