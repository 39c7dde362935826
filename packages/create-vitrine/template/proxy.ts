/**
 * The shopper's session, before anything renders (`@vitrine/next/proxy`): a new visitor once, an
 * expiring token renewed once, the refresh token in an HttpOnly cookie; the browser's session
 * requests and the store's hosted sign-in, started and finished on the server.
 */
import { createVitrineProxy } from '@vitrine/next/proxy';

export const proxy = createVitrineProxy();

export const config = {
  // Pages and Vitrine's own paths; not the webhooks, Next.js's files or the icon.
  matcher: ['/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)'],
};
