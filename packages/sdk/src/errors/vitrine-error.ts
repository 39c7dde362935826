/** Fields every {@link VitrineError} is built from. */
export interface VitrineErrorInit {
  /** Which failure this is, as data: one of the codes its class documents. */
  code: string;
  /**
   * `true` when the same call may succeed later (a network error, a timeout, a 5xx).
   * @default false
   */
  retryable?: boolean | undefined;
  /** The underlying failure, when there is one. Never one that quotes a secret. */
  cause?: unknown;
}

/**
 * The root of every error the Vitrine packages throw: the platform's refusals
 * (`StoreApiError` and its kinds), arguments refused before sending (`StoreArgumentError`),
 * identity failures (`StoreAuthError`), cancelled cart changes, webhook failures and the React
 * package's `MissingStoreProviderError`. Catch this one to handle them all; each has a `code`
 * (data, to switch on) and `retryable`. Test for it with {@link isVitrineError}, which also
 * recognises an error from a second installed copy of the packages.
 *
 * No error of the hierarchy ever holds a token, a password or another secret: not in its
 * message, its stack, its cause or its `JSON.stringify` form.
 *
 * @example
 * try {
 *   await store.cart.addItems({ lineItems });
 * } catch (error) {
 *   if (isVitrineError(error) && error.retryable) scheduleRetry();
 *   else throw error;
 * }
 */
export class VitrineError extends Error {
  override name: string = 'VitrineError';
  /** Which failure this is; each class lists its codes. */
  readonly code: string;
  /** `true` when the same call may succeed later. */
  readonly retryable: boolean;

  constructor(message: string, init: VitrineErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.retryable = init.retryable ?? false;
  }

  /** A plain, secret-free view for logs: `JSON.stringify(error)` uses it. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, code: this.code, retryable: this.retryable };
  }
}
