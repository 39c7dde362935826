/**
 * The one store client of the app, built from the runtime configuration (`/config.js`). Pages
 * never use it directly: `<StoreProvider client={store}>` hands it to the hooks.
 */
import { createStoreClient } from '@vitrine/sdk';
import { isPlacedOrderReturn } from '@vitrine/shop-ui/lib/checkout-return';
import { readConfig } from './config';

export const config = readConfig(window.VITRINE_CONFIG);

export const store = createStoreClient({
  clientId: config.clientId,
  baseUrl: config.baseUrl,
});

// Back from the hosted checkout with the order it placed: the cart became that order, so the
// shopper has no current cart, and none is read (the store would answer 404, logged as an error).
if (isPlacedOrderReturn(window.location.href)) store.cartStore.hydrate(null);

/** The emulator's outbox, when the store is the local emulator (to find the emails it "sends"). */
export function emulatorOutboxUrl(): string | undefined {
  try {
    const { hostname } = new URL(config.baseUrl);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname)
      ? `${config.baseUrl}/_emulator/outbox`
      : undefined;
  } catch {
    return undefined;
  }
}
