'use client';
/**
 * A page that failed on the server, most often because the store could not be reached. Next
 * hides the error's details in production, so this says what usually happened and offers a retry.
 */
import type { ReactNode } from 'react';
import { EmptyState } from '@vitrine/shop-ui/components/Feedback';
import { OFFLINE_ERROR } from '@vitrine/shop-ui/lib/errors';

export default function PageError({ reset }: { reset: () => void }): ReactNode {
  return (
    <div className="container">
      <EmptyState icon="compass" title="This page could not be shown">
        <p>{OFFLINE_ERROR}</p>
        <button type="button" className="button" onClick={reset}>
          Try again
        </button>
      </EmptyState>
    </div>
  );
}
