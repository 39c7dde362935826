/**
 * Runs once as the server starts (Next's `instrumentation.ts`): a production server that does not
 * know the shop's own address (`VITRINE_SITE_URL`, or `VITRINE_ALLOWED_HOSTS`) stops at once with
 * an error naming it, rather than letting a request's Host header choose where shoppers go.
 */
import { checkShopAddress } from '@vitrine/next/config';

export function register(): void {
  checkShopAddress();
}
