/**
 * The shopper's session before anything renders (`@vitrine/next/proxy`): a new visitor once, an
 * expiring token renewed once, the refresh token in an HttpOnly cookie; the browser's session
 * requests and the hosted sign-in's start and return.
 */
import { createVitrineProxy } from '@vitrine/next/proxy';

export const proxy = createVitrineProxy();

export const config = {
  // Pages and the session's paths; not the webhooks, Next's files or the icon.
  matcher: ['/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)'],
};
