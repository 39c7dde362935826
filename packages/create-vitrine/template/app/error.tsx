'use client';
/**
 * A page that failed on the server, most often because the store could not be reached. Next.js
 * hides the error's details in production: this says what usually happened and offers a retry.
 */
import type { ReactNode } from 'react';

export default function PageError({ reset }: { reset: () => void }): ReactNode {
  return (
    <div className="narrow">
      <h1>This page could not be shown</h1>
      <p>The store may be unreachable for a moment. Please try again.</p>
      <button type="button" className="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
