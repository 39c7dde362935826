/** The error of the drop-in's set-up: a directory or file that cannot be trusted or written. */
export class DropInError extends Error {
  override name = 'DropInError' as const;
}

/** Whether `value` is a {@link DropInError}, also from another copy of the package. */
export function isDropInError(value: unknown): value is DropInError {
  return value instanceof DropInError || (value instanceof Error && value.name === 'DropInError');
}
