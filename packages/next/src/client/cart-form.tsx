'use client';
/**
 * What every cart form of `@vitrine/next/client` is: a plain HTML form posting to a server action
 * (it works with scripts off, or not loaded yet), whose submit, once the page has hydrated, goes
 * through the browser's cart engine instead, optimistically.
 */
import {
  useActionState,
  useState,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import type { StoreClient } from '@vitrine/sdk';
import { IDLE, failed, type FormState } from '../shared/form-state.js';
import { useIslandStore } from './islands.js';

/** A form's state: the server action's after a post, or the browser's change once hydrated. */
export interface CartFormState extends FormState {
  /** Whether the browser's change is on its way. */
  pending: boolean;
}

export type Children = ReactNode | ((state: CartFormState) => ReactNode);

export type FormProps = Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'action' | 'onSubmit' | 'children'
> & {
  children: Children;
};

export type ServerAction = (state: FormState, form: FormData) => Promise<FormState>;

/**
 * The form of one cart change: `serverAction` for a post, `change` (the browser's cart engine)
 * once hydrated. `change` reads the submitted fields and resolves with what to tell the shopper.
 */
export function CartForm({
  serverAction,
  change,
  fallback,
  fields,
  children,
  ...props
}: FormProps & {
  /** Hidden fields the form always posts. */
  fields?: Record<string, string>;
  serverAction: ServerAction;
  change: (store: StoreClient, form: FormData) => Promise<string>;
  fallback: string;
}): ReactNode {
  const store = useIslandStore();
  const [posted, action] = useActionState(serverAction, IDLE);
  const [local, setLocal] = useState<CartFormState | undefined>(undefined);
  const state: CartFormState = local ?? { ...posted, pending: false };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget, submitter);
    setLocal({ status: 'idle', pending: true });
    change(store, form).then(
      (message) => setLocal({ status: 'done', message, pending: false }),
      (error: unknown) => setLocal({ ...failed(error, fallback), pending: false }),
    );
  };
  const warm = () => void store.load().catch(() => {});
  return (
    <form {...props} action={action} onSubmit={submit} onPointerDown={warm} onFocus={warm}>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {typeof children === 'function' ? children(state) : children}
    </form>
  );
}
