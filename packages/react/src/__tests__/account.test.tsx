import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORES_APP_ID, STORES_RECOMMENDATION_ALGORITHMS, type Tokens } from '@vitrine/sdk';
import { useMember } from '../members/use-member.js';
import { useMemberOrders } from '../orders/use-member-orders.js';
import { useRecommendations } from '../recommendations/use-recommendations.js';
import {
  RETURNING_VISITOR,
  fakePlatform,
  json,
  testClient,
  wrapperFor,
  type Route,
} from './helpers.js';
import { errorQuery, pendingQuery, snapshot, successQuery } from './record.js';

// The member's record and orders, and recommendations, render by render: the exact sequence of
// whole results a component sees, and the requests each sends.

const hour = () => Math.floor(Date.now() / 1000) + 3600;
function memberTokens(name: string): Tokens {
  return {
    accessToken: { value: `at_${name}`, expiresAt: hour() },
    refreshToken: { value: `rt_${name}`, role: 'member' },
  };
}

const member = (name: string) => ({ id: `m-${name}`, loginEmail: `${name}@example.com` });
/** Answers `/members/v1/members/my` with the member whose token came. */
const memberRoute: Route = (request) => {
  const name = (request.authorization ?? '').replace(/^at_/, '');
  return json({ member: member(name) });
};
const order = (id: string) => ({ id, number: `1000${id}`, status: 'APPROVED' });

/** A hook recorded on a fake platform, for a client holding `tokens`. */
function recordRenders<T extends object>(
  hook: () => T,
  routes: Record<string, Route>,
  tokens: Tokens,
) {
  const platform = fakePlatform(routes);
  const client = testClient(platform.fetch, 'account-client', tokens);
  const renders: Record<string, unknown>[] = [];
  const utils = renderHook(
    () => {
      const result = hook();
      renders.push(snapshot(result));
      return result;
    },
    { wrapper: wrapperFor(client) },
  );
  return { ...utils, renders, platform, client };
}

/** A query held by `enabled: false`, as every render shows it. */
const held = {
  ...pendingQuery,
  fetchStatus: 'idle',
  isFetching: false,
  isLoading: false,
  isInitialLoading: false,
  isEnabled: false,
  isStale: false,
};

describe('useMember', () => {
  it('a member: pending → success with their record, two renders, one request', async () => {
    const { renders, result, platform } = recordRenders(
      () => useMember({ fieldsets: ['FULL'] }),
      { 'GET /members/v1/members/my': memberRoute },
      memberTokens('ada'),
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(renders).toEqual([pendingQuery, successQuery(member('ada'))]);
    expect(platform.received.map((r) => [r.method, r.path, r.search, r.authorization])).toEqual([
      ['GET', '/members/v1/members/my', '?fieldsets=FULL', 'at_ada'],
    ]);
  });

  it('a visitor: held, sending nothing', () => {
    const { renders, platform, rerender } = recordRenders(
      () => useMember(),
      { 'GET /members/v1/members/my': memberRoute },
      RETURNING_VISITOR,
    );
    rerender();
    expect(renders).toEqual([held, held]);
    expect(platform.received).toEqual([]);
  });

  it("another member's tokens: their own record, never the first member's", async () => {
    const { renders, result, client, platform } = recordRenders(
      () => useMember(),
      { 'GET /members/v1/members/my': memberRoute },
      memberTokens('ada'),
    );
    await waitFor(() => expect(result.current.data).toEqual(member('ada')));
    act(() => client.auth.setTokens(memberTokens('bob')));
    await waitFor(() => expect(result.current.data).toEqual(member('bob')));
    // Bob's read starts from nothing: Ada's record is never shown as his.
    expect(renders).toEqual([
      pendingQuery,
      successQuery(member('ada')),
      pendingQuery,
      successQuery(member('bob')),
    ]);
    expect(platform.received.map((r) => r.authorization)).toEqual(['at_ada', 'at_bob']);
  });

  it('a refused read: pending → error with the SDK error', async () => {
    const { renders, result } = recordRenders(
      () => useMember(),
      {
        'GET /members/v1/members/my': () =>
          json(
            {
              message: 'not a member',
              details: { applicationError: { code: 'NOT_FOUND', description: 'not a member' } },
            },
            404,
          ),
      },
      memberTokens('gone'),
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(renders).toEqual([
      pendingQuery,
      errorQuery({ name: 'StoreApplicationError', message: 'not a member' }),
    ]);
  });
});

describe('useMemberOrders', () => {
  it('a member: pending → one page of their orders, the search on the wire', async () => {
    const { renders, result, platform } = recordRenders(
      () => useMemberOrders({ cursorPaging: { limit: 2 } }),
      {
        'POST /ecom/v1/orders/search': () =>
          json({
            orders: [order('2'), order('1')],
            metadata: { count: 2, cursors: { next: 'c2' }, hasNext: true },
          }),
      },
      memberTokens('ada'),
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(renders).toEqual([
      pendingQuery,
      successQuery({
        items: [order('2'), order('1')],
        cursors: { next: 'c2' },
        hasNextPage: true,
      }),
    ]);
    expect(platform.received.map((r) => [r.method, r.path, r.body, r.authorization])).toEqual([
      ['POST', '/ecom/v1/orders/search', { search: { cursorPaging: { limit: 2 } } }, 'at_ada'],
    ]);
  });

  // The orders' cache is keyed by the identity too: two members, one after the other, on one
  // client read under two keys.
  it("another member's tokens: their own orders, never the first member's", async () => {
    const { renders, result, client, platform } = recordRenders(
      () => useMemberOrders(),
      {
        'POST /ecom/v1/orders/search': (request) =>
          json({
            orders: [order(request.authorization === 'at_ada' ? 'ada-1' : 'bob-1')],
            metadata: { count: 1, cursors: {}, hasNext: false },
          }),
      },
      memberTokens('ada'),
    );
    const page = (id: string) =>
      successQuery({ items: [order(id)], cursors: {}, hasNextPage: false });
    await waitFor(() => expect(result.current.data?.items).toEqual([order('ada-1')]));
    act(() => client.auth.setTokens(memberTokens('bob')));
    await waitFor(() => expect(result.current.data?.items).toEqual([order('bob-1')]));
    expect(renders).toEqual([pendingQuery, page('ada-1'), pendingQuery, page('bob-1')]);
    expect(platform.received.map((r) => r.authorization)).toEqual(['at_ada', 'at_bob']);
  });

  it('a visitor: held, sending nothing', () => {
    const { renders, platform } = recordRenders(() => useMemberOrders(), {}, RETURNING_VISITOR);
    expect(renders).toEqual([held]);
    expect(platform.received).toEqual([]);
  });
});

describe('useRecommendations', () => {
  const input = {
    algorithms: [STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories],
    items: [{ catalogItemId: 'p1', appId: STORES_APP_ID }],
    minimumRecommendedItems: 1,
  };
  const answer = {
    items: [{ catalogItemId: 'p2', appId: STORES_APP_ID }],
    algorithm: STORES_RECOMMENDATION_ALGORITHMS.fromSimilarCategories,
  };

  it('pending → the recommendation, two renders, the input on the wire', async () => {
    const { renders, result, platform } = recordRenders(
      () => useRecommendations(input),
      { 'POST /v1/recommendations/get': () => json({ recommendation: answer }) },
      RETURNING_VISITOR,
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(renders).toEqual([pendingQuery, successQuery(answer)]);
    expect(platform.received.map((r) => [r.path, r.body])).toEqual([
      ['/v1/recommendations/get', input],
    ]);
  });

  it('held while there is no input', () => {
    const { renders, platform } = recordRenders(
      () => useRecommendations(undefined),
      {},
      RETURNING_VISITOR,
    );
    expect(renders).toEqual([held]);
    expect(platform.received).toEqual([]);
  });
});
