import { readData } from './catalog-cases.js';

// Render recording as react-query's own tests do it: every render of a hook is kept, as a whole
// result object, and a test compares the exact sequence. Nothing is folded: a render too many is
// a failure.

/** An error as a test compares it: its class name and message. */
export type SeenError = { name: string; message: string } | null;

function seenError(error: unknown): SeenError {
  if (error === null || error === undefined) return null;
  const { name, message } = error as Error;
  return { name, message };
}

/**
 * A hook result as a test compares it: every field but functions and TanStack's `promise`,
 * errors as `{ name, message }`, times as whether they were set, catalog pages through
 * {@link readData}. Reading every field also subscribes the component to every field, so a
 * change in any of them is a render the recording shows.
 */
export function snapshot(result: object): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'function' || key === 'promise') continue;
    if (key === 'error' || key === 'failureReason') seen[key] = seenError(value);
    else if (key === 'data') seen[key] = readData(value);
    else if (/(UpdatedAt|submittedAt)$/.test(key)) seen[key] = value !== 0;
    else seen[key] = value;
  }
  return seen;
}

/** A query's whole result while its first read is under way. */
export const pendingQuery = {
  status: 'pending',
  fetchStatus: 'fetching',
  data: undefined,
  error: null,
  isPending: true,
  isSuccess: false,
  isError: false,
  isLoading: true,
  isInitialLoading: true,
  isLoadingError: false,
  isRefetchError: false,
  isFetching: true,
  isRefetching: false,
  isFetched: false,
  isFetchedAfterMount: false,
  isPaused: false,
  isPlaceholderData: false,
  isStale: true,
  isEnabled: true,
  dataUpdatedAt: false,
  errorUpdatedAt: false,
  errorUpdateCount: 0,
  failureCount: 0,
  failureReason: null,
} as const;

/** A query's whole result after its first read succeeded with `data`. */
export function successQuery(data: unknown) {
  return {
    ...pendingQuery,
    status: 'success',
    fetchStatus: 'idle',
    data,
    isPending: false,
    isSuccess: true,
    isLoading: false,
    isInitialLoading: false,
    isFetching: false,
    isFetched: true,
    isFetchedAfterMount: true,
    dataUpdatedAt: true,
  };
}

/** A query's whole result after its first read failed with `error`. */
export function errorQuery(error: SeenError) {
  return {
    ...pendingQuery,
    status: 'error',
    fetchStatus: 'idle',
    error,
    isPending: false,
    isError: true,
    isLoading: false,
    isInitialLoading: false,
    isLoadingError: true,
    isFetching: false,
    isFetched: true,
    isFetchedAfterMount: true,
    errorUpdatedAt: true,
    errorUpdateCount: 1,
    failureCount: 1,
    failureReason: error,
  };
}

/** What an infinite query adds to a query's result, before any next page is asked for. */
export function infiniteFields(hasNextPage: boolean) {
  return {
    hasNextPage,
    hasPreviousPage: false,
    isFetchingNextPage: false,
    isFetchingPreviousPage: false,
    isFetchNextPageError: false,
    isFetchPreviousPageError: false,
  };
}

/** A mutation's whole result before it runs. */
export const idleMutation = {
  status: 'idle',
  data: undefined,
  error: null,
  variables: undefined,
  context: undefined,
  isIdle: true,
  isPending: false,
  isSuccess: false,
  isError: false,
  isPaused: false,
  failureCount: 0,
  failureReason: null,
  submittedAt: false,
} as const;

/** A mutation's whole result while it runs with `variables`. */
export function pendingMutation(variables: unknown) {
  return {
    ...idleMutation,
    status: 'pending',
    variables,
    isIdle: false,
    isPending: true,
    submittedAt: true,
  };
}

/** A mutation's whole result after it succeeded with `data`. */
export function successMutation(variables: unknown, data: unknown) {
  return {
    ...pendingMutation(variables),
    status: 'success',
    data,
    isPending: false,
    isSuccess: true,
  };
}

/** A mutation's whole result after it failed with `error`. */
export function errorMutation(variables: unknown, error: SeenError) {
  return {
    ...pendingMutation(variables),
    status: 'error',
    error,
    isPending: false,
    isError: true,
    failureCount: 1,
    failureReason: error,
  };
}
