import { StoreApiError, type StoreApiErrorInit } from './store-api-error.js';

/** One refused field, with its name already renamed to the caller's argument name. */
export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  data?: Record<string, unknown>;
}

/**
 * The server refused one or more fields. `message` starts with `INVALID_ARGUMENT:` and lists each
 * field, sorted by name, as the caller named it (`"email" must be a valid email`).
 */
export class StoreValidationError extends StoreApiError {
  override name = 'StoreValidationError' as const;
  /** The refused fields, sorted by `field`. */
  readonly fieldViolations: readonly FieldViolation[];

  constructor(init: StoreApiErrorInit & { fieldViolations: FieldViolation[] }) {
    super(init);
    this.fieldViolations = init.fieldViolations;
  }
}
