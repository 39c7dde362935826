'use client';
import { useEffect, useRef } from 'react';

/**
 * Calls `onReturn` when the browser shows this page again from its back-forward cache (the
 * shopper pressed Back on a hosted page), so a button left "Opening…" becomes usable again.
 */
export function useOnBackForwardReturn(onReturn: () => void): void {
  const latest = useRef(onReturn);
  useEffect(() => {
    latest.current = onReturn;
  });
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, []);
}
