/**
 * A call was given an argument the platform would certainly refuse (an empty id, a negative
 * quantity, a value that cannot be sent as JSON). Thrown before any request is made.
 */
export class StoreArgumentError extends TypeError {
  override name = 'StoreArgumentError' as const;
  /** The name of the argument, as the caller wrote it (`lineItems[2].quantity`). */
  readonly argument: string;

  constructor(argument: string, problem: string) {
    super(`Invalid argument "${argument}": ${problem}`);
    this.argument = argument;
  }
}
