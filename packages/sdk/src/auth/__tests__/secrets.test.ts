import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { json } from '../../__tests__/helpers.js';
import type { Tokens } from '../../models/tokens.js';
import { createCodeChallenge } from '../hosted-login/pkce.js';
import {
  T0,
  clientOn,
  fakePlatform,
  withHostedPages,
  type FakePlatform,
  type Handler,
} from './fake-platform.js';

// Checklist C13: unique values planted as every kind of secret.
const CANARY = {
  access: 'CANARYaccess7f3a9e',
  refresh: 'CANARYrefresh91bc2d',
  code: 'CANARYcode55aa01',
  verifier: `CANARYverifier${'v'.repeat(36)}`,
  password: 'CANARYpassword-e4d2',
  apiKey: 'CANARYapikey0c0c77',
  stateToken: 'CANARYstatetoken7711',
  sessionToken: 'CANARYsession1399',
};
const CANARIES = Object.values(CANARY);

const member: Tokens = {
  accessToken: { value: CANARY.access, expiresAt: Math.floor(T0 / 1000) - 1 },
  refreshToken: { value: CANARY.refresh, role: 'member' },
};

/** A hostile platform: every failure echoes the whole request (headers, URL and body) back. */
async function echo(request: Request, status: number): Promise<Response> {
  const body = request.body ? await request.clone().text() : '';
  const everything = `${request.url} ${[...request.headers].join(' ')} ${body}`;
  return json(
    {
      message: `echo ${everything}`,
      error: 'invalid_grant',
      error_description: everything,
      details: {
        applicationError: { code: '-19976', description: everything, data: { everything } },
      },
    },
    // Even the request id repeats what the request carried.
    {
      status,
      headers: { 'x-wix-request-id': `req ${request.headers.get('authorization')} ${body}` },
    },
  );
}

const failures: [string, Handler][] = [
  ['400 echo', (request) => echo(request, 400)],
  ['401 echo', (request) => echo(request, 401)],
  ['500 echo', (request) => echo(request, 500)],
  [
    'validation echo',
    async (request) => {
      const body = await request.clone().text();
      return json(
        {
          message: body,
          details: {
            validationError: {
              fieldViolations: [{ field: body, description: body, data: { body } }],
            },
          },
        },
        { status: 400 },
      );
    },
  ],
  [
    'network error naming the request',
    async (request) => {
      const body = request.body ? await request.clone().text() : '';
      throw new TypeError(
        `fetch failed for ${request.url} ${request.headers.get('authorization')} ${body}`,
        {
          cause: new Error(`socket ${body}`),
        },
      );
    },
  ],
  ['HTML 200', () => new Response('<html>', { status: 200 })],
];

function collected(value: unknown, depth = 0): string {
  if (depth > 5 || value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return JSON.stringify(value) ?? '';
  const error = value as { message?: unknown; stack?: unknown; cause?: unknown };
  let text = '';
  try {
    text += JSON.stringify(value);
  } catch {
    text += '[unserializable]';
  }
  const message = typeof error.message === 'string' ? error.message : '';
  const stack = typeof error.stack === 'string' ? error.stack : '';
  text += ` ${message} ${stack} ${value instanceof Error ? value.toString() : ''}`;
  return text + collected(error.cause, depth + 1);
}

let consoleSpies: MockInstance[];
beforeEach(() => {
  consoleSpies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((method) =>
    vi.spyOn(console, method),
  );
});
afterEach(() => {
  for (const spy of consoleSpies) {
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  }
});

function expectNoCanary(outcomes: unknown[]): void {
  expect(outcomes.length).toBeGreaterThan(0);
  for (const outcome of outcomes) {
    const text = collected(outcome);
    for (const canary of CANARIES) {
      expect(text.includes(canary), `${canary} leaked in: ${text.slice(0, 400)}`).toBe(false);
    }
  }
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

function hostile(handler: Handler): FakePlatform {
  const platform = withHostedPages(fakePlatform());
  platform.token = handler;
  for (const path of [
    '/v2/collections/c1',
    '/_api/iam/authentication/v2/login',
    '/_api/iam/authentication/v2/register',
    '/_api/iam/verification/v1/auth/verify',
    '/_api/iam/recovery/v1/recover',
    '/_api/iam/authentication/v2/change-password',
  ]) {
    platform.routes[path] = handler;
  }
  return platform;
}

describe('secrets (checklist C13)', () => {
  it.each(failures)(
    'no canary leaves through any flow when the platform fails with %s',
    async (_label, handler) => {
      const outcomes: unknown[] = [];
      const clock = { now: T0 };

      // Renewal of an expired member (refresh token), then an API call (access token).
      const renewing = clientOn(hostile(handler), clock, { tokens: member });
      outcomes.push(await outcome(renewing.fetch('/v2/collections/c1')));
      outcomes.push(renewing.auth.getState().error);
      const calling = clientOn(hostile(handler), clock, {
        tokens: {
          ...member,
          accessToken: { value: CANARY.access, expiresAt: Math.floor(T0 / 1000) + 3600 },
        },
      });
      outcomes.push(await outcome(calling.fetch('/v2/collections/c1')));
      outcomes.push(await outcome(calling.auth.renewToken(member.refreshToken)));

      // Code exchange (code, verifier).
      const exchanging = clientOn(hostile(handler), clock);
      const oauthData = {
        redirectUri: 'http://localhost:5173/callback',
        originalUri: '/',
        codeVerifier: CANARY.verifier,
        codeChallenge: createCodeChallenge(CANARY.verifier),
        state: 'state-1',
      };
      outcomes.push(
        await outcome(exchanging.auth.getMemberTokens(CANARY.code, 'state-1', oauthData)),
      );
      outcomes.push(
        await outcome(exchanging.auth.getMemberTokens(CANARY.code, 'other', oauthData)),
      );
      outcomes.push(
        await outcome(
          exchanging.auth.handleRedirectCallback(
            `http://localhost:5173/callback#code=${CANARY.code}&state=zz`,
          ),
        ),
      );

      // Password flows (password, state token, session token, API key), on a platform that
      // answers the grants but fails the identity calls.
      const platform = hostile(handler);
      platform.token = fakePlatform().token;
      const signingIn = clientOn(platform, clock, {
        redirectUri: 'http://localhost:5173/callback',
      });
      outcomes.push(
        await outcome(signingIn.auth.login({ email: 'a@b.co', password: CANARY.password })),
      );
      outcomes.push(
        await outcome(signingIn.auth.register({ email: 'a@b.co', password: CANARY.password })),
      );
      outcomes.push(
        await outcome(
          signingIn.auth.processVerification(
            { code: CANARY.code },
            { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: CANARY.stateToken } },
          ),
        ),
      );
      outcomes.push(
        await outcome(signingIn.auth.recoverPassword(CANARY.stateToken, CANARY.password)),
      );
      outcomes.push(
        await outcome(signingIn.identity.authentication.changePassword(CANARY.password)),
      );
      platform.routes['GET /oauth2/authorize'] = handler;
      outcomes.push(
        await outcome(signingIn.auth.getMemberTokensForDirectLogin(CANARY.sessionToken)),
      );

      const external = clientOn(hostile(handler), clock, {
        tokens: {
          ...member,
          accessToken: { value: CANARY.access, expiresAt: Math.floor(T0 / 1000) + 3600 },
        },
      });
      outcomes.push(
        await outcome(external.auth.getMemberTokensForExternalLogin('m1', CANARY.apiKey)),
      );

      expectNoCanary(outcomes.filter((o) => o !== undefined));
      // Every failure was a real one: nothing succeeded by accident.
      expect(outcomes.filter((o) => o instanceof Error).length).toBeGreaterThanOrEqual(8);
    },
  );

  it('no canary leaves through the silent login redirect when fetch fails naming the URL', async () => {
    const platform = withHostedPages(fakePlatform());
    platform.routes['GET /oauth2/authorize'] = (request) => {
      throw new TypeError(`redirect failed: ${request.url}`);
    };
    platform.routes['/_api/redirects-api/v1/redirect-session'] = () =>
      json({
        redirectSession: {
          fullUrl: `http://127.0.0.1:4010/oauth2/authorize?sessionToken=${CANARY.sessionToken}`,
        },
      });
    const store = clientOn(
      platform,
      { now: T0 },
      { redirectUri: 'http://localhost:5173/callback' },
    );
    const error = await outcome(store.auth.getMemberTokensForDirectLogin(CANARY.sessionToken));
    expect(error).toMatchObject({ message: 'Failed to get member tokens' });
    expectNoCanary([error]);
  });
});
