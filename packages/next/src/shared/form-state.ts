/**
 * What a server action answers its form with (`useActionState`): done, or why not, in words a
 * shopper can read. With scripts off, the page renders it after the post.
 */
import { isVitrineError } from '@vitrine/sdk/lite';

/** The state of a form posted to one of `@vitrine/next`'s server actions. */
export interface FormState {
  /** `idle` before any post. */
  status: 'idle' | 'done' | 'error';
  /** What to tell the shopper. */
  message?: string;
  /** The form field the error is about, when it is about one. */
  field?: string;
  /** The error's code (`BAD_ARGUMENT`, `-19976`…), for a shop's own wording. */
  code?: string;
}

/** A form before any post. */
export const IDLE: FormState = { status: 'idle' };

/**
 * The state of a failed post: the error's own message for the SDK's errors (they never hold a
 * secret), `fallback` for anything else.
 */
export function failed(error: unknown, fallback: string): FormState {
  if (!isVitrineError(error)) return { status: 'error', message: fallback };
  const field = (error as { argument?: unknown }).argument;
  return {
    status: 'error',
    message: error.retryable ? `${fallback} Please try again.` : error.message,
    code: error.code,
    ...(typeof field === 'string' ? { field } : {}),
  };
}
