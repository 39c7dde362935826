/** What stops a scaffold, in words for the person who ran the command. */
export class CreateVitrineError extends Error {
  override name = 'CreateVitrineError' as const;
}

/** Whether `error` is a {@link CreateVitrineError} (by name too: two copies of the package agree). */
export function isCreateVitrineError(error: unknown): error is CreateVitrineError {
  return (
    error instanceof CreateVitrineError ||
    (error instanceof Error && error.name === 'CreateVitrineError')
  );
}
