/**
 * What every view of one client's transport shares, whoever authorizes its calls: the options,
 * the host router, the attempts under way (which `close()` ends) and the ky instance, whose fetch
 * bounds each attempt (bounded-fetch.ts). Each call brings its own retries (retry-policy.ts).
 */
import ky, { type KyInstance } from 'ky';
import { createBoundedFetch } from './bounded-fetch.js';
import { createLiveAttempts, type LiveAttempts } from './call-deadline.js';
import { createHostRouter, type HostRouter } from './hosts.js';
import type { HttpOptions } from './http-options.js';

/** The shared part of a client's transport. */
export interface HttpCore {
  options: HttpOptions;
  route: HostRouter;
  attempts: LiveAttempts;
  http: KyInstance;
}

/** Builds the shared part of a client's transport. */
export function createHttpCore(options: HttpOptions): HttpCore {
  const http = ky.create({
    // Each attempt is bounded by the fetch under ky, body included: ky's own timeout ends at the
    // headers.
    fetch: createBoundedFetch(options.fetch),
    timeout: false,
    hooks: {
      beforeRequest: options.hooks.beforeRequest.map((hook) => (request) => hook(request)),
      afterResponse: options.hooks.afterResponse.map(
        (hook) => (request, _options, response) => hook(request, response),
      ),
    },
  });
  return {
    options,
    route: createHostRouter(options.hosts),
    attempts: createLiveAttempts(),
    http,
  };
}
