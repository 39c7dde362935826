import { VitrineError } from './vitrine-error.js';

/**
 * A call was given an argument the platform would certainly refuse (an empty id, a negative
 * quantity, a value that cannot be sent as JSON), or an option that cannot work. Thrown before
 * any request is made. `code` is always `BAD_ARGUMENT`; `argument` names what was refused.
 */
export class StoreArgumentError extends VitrineError {
  override name = 'StoreArgumentError' as const;
  declare readonly code: 'BAD_ARGUMENT';
  /** The name of the argument, as the caller wrote it (`lineItems[2].quantity`). */
  readonly argument: string;

  constructor(argument: string, problem: string) {
    super(`Invalid argument "${argument}": ${problem}`, { code: 'BAD_ARGUMENT' });
    this.argument = argument;
  }
}
