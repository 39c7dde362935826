/** Thrown by every hook used outside a `<StoreProvider>`. */
export class MissingStoreProviderError extends Error {
  override name = 'MissingStoreProviderError' as const;
  constructor(hook: string) {
    super(
      `${hook} must be used inside <StoreProvider client={store}>: wrap your app (or this part of it) in a StoreProvider.`,
    );
  }
}
