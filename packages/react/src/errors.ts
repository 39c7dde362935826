// From the lite entry: the same class as the root entry's, without the rest of the SDK.
import { VitrineError } from '@vitrine/sdk/lite';

/** Thrown by every hook used outside a `<StoreProvider>`. `code` is `MISSING_STORE_PROVIDER`. */
export class MissingStoreProviderError extends VitrineError {
  override name = 'MissingStoreProviderError' as const;
  declare readonly code: 'MISSING_STORE_PROVIDER';
  constructor(hook: string) {
    super(
      `${hook} must be used inside <StoreProvider client={store}>: wrap your app (or this part of it) in a StoreProvider.`,
      { code: 'MISSING_STORE_PROVIDER' },
    );
  }
}
