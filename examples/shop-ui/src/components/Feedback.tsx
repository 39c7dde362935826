/** Loading, empty and error states, shared by every page. */
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';

/** A spinning ring; hidden from screen readers (the text next to it says what is loading). */
export function Spinner(): ReactNode {
  return <span className="spinner" aria-hidden="true" />;
}

/** A line saying something is loading, announced politely. */
export function Loading({ children = 'Loading…' }: { children?: ReactNode }): ReactNode {
  return (
    <p className="loading-line" role="status">
      <Spinner />
      {children}
    </p>
  );
}

/** A message box. Errors are announced at once (`role="alert"`), the rest politely. */
export function Alert({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
}): ReactNode {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** An error, as a sentence a shopper understands, with an optional way to try again. */
export function ErrorMessage({
  error,
  onRetry,
}: {
  error: unknown;
  onRetry?: () => void;
}): ReactNode {
  return (
    <Alert tone="error">
      <p>{errorMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="button button--small button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </Alert>
  );
}

/** Line icons of the empty states (drawn here: no emoji font is needed). */
const ICONS = {
  bag: 'M6 8h12l-1 12H7L6 8Zm3 0V7a3 3 0 0 1 6 0v1',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4-4',
  mail: 'M4 6h16v12H4V6Zm0 0 8 7 8-7',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM4 20c1-4 4-6 8-6s7 2 8 6',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6v-9Z',
  leaf: 'M5 19c0-8 5-14 14-14 0 9-6 14-14 14Zm0 0 7-7',
} as const;

/** The name of an empty-state icon. */
export type IconName = keyof typeof ICONS;

/**
 * Nothing to show yet: a title, a sentence and what to do next. The title is an h2 under the
 * page's own h1, or the page's h1 itself (`level={1}`) when the empty state is all the page is.
 */
export function EmptyState({
  icon,
  title,
  level = 2,
  children,
}: {
  icon?: IconName;
  title: string;
  /** The title's heading level. @default 2 */
  level?: 1 | 2;
  children?: ReactNode;
}): ReactNode {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className="empty-state">
      {icon ? (
        <svg
          className="empty-state__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={ICONS[icon]} />
        </svg>
      ) : null}
      <Title>{title}</Title>
      {children}
    </div>
  );
}
