/**
 * Who is calling and the Hono environment every route and middleware is typed with. Apart from
 * `context.ts` so that middleware the context is built from (faults, request limits) can name the
 * environment without importing the context back.
 */
import type { IncomingMessage } from 'node:http';

/** A visitor or member, from an access token. */
export interface IdentityCaller {
  role: 'visitor' | 'member';
  familyId: string;
  clientId: string;
  visitorId?: string;
  memberId?: string;
}

/** The holder of the emulator's API key: a merchant-side script or server (an elevated credential). */
export interface AppCaller {
  role: 'app';
  /** The id webhooks name as the app: the first registered client id. */
  appId: string;
}

/** Who is calling, from the `Authorization` header (set by the authorization middleware). */
export type Caller = IdentityCaller | AppCaller;

/** Hono environment of the app: per-request variables and the Node request. */
export interface AppEnv {
  Variables: {
    /** Unset when the request has no `Authorization` header. */
    caller: Caller | undefined;
  };
  Bindings: {
    incoming?: IncomingMessage;
    /** Set on requests that came through the drop-in's TLS listener (a platform host name). */
    dropIn?: boolean;
  };
}
