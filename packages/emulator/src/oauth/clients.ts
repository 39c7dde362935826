/** Registered clients and exact redirect-URI matching (RFC 9700 §4.1.3; checklist item 26). */
import type { EmulatorContext } from '../context.js';
import type { EmulatorClient } from '../context.js';

/** The registered client with this id. */
export function findClient(ctx: EmulatorContext, clientId: string): EmulatorClient | undefined {
  return ctx.options.clients.find((c) => c.clientId === clientId);
}

/**
 * Whether `uri` is registered for `client`. The comparison is of whole strings; the only
 * normalisation is the one URL parsing applies (so `http://localhost:5173` equals
 * `http://localhost:5173/`), never prefix or pattern matching.
 */
export function isRegisteredUri(client: EmulatorClient, uri: string): boolean {
  let href: string;
  try {
    href = new URL(uri).href;
  } catch {
    return false;
  }
  return client.redirectUris.some((registered) => registered === uri || registered === href);
}

/** Whether `uri` is registered for any client (for returns that name no client). */
export function isRegisteredAnywhere(ctx: EmulatorContext, uri: string): boolean {
  return ctx.options.clients.some((c) => isRegisteredUri(c, uri));
}
