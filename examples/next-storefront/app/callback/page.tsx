/**
 * Where the store's hosted pages come back to (`/callback`, a registered redirect URI): from the
 * hosted sign-in page with `code` and `state`, or from the hosted checkout page with nothing.
 */
import type { Metadata } from 'next';
import { Suspense, type ReactNode } from 'react';
import { HostedReturn, Welcome } from '../../components/HostedReturn';
import { StoreIsland } from '../../components/StoreIsland';
import { requestStoreConfig } from '../../lib/store-config';

export const metadata: Metadata = { title: 'Welcome back' };

export default function CallbackPage(): ReactNode {
  return (
    <Suspense fallback={<Welcome />}>
      <CallbackContent />
    </Suspense>
  );
}

async function CallbackContent(): Promise<ReactNode> {
  return (
    <StoreIsland config={await requestStoreConfig()}>
      <HostedReturn />
    </StoreIsland>
  );
}
