/** The bag drawn on the header's cart button (no icon font needed). */
import type { ReactNode } from 'react';

/** A 20 px line drawing of a bag, hidden from screen readers (the button's text names it). */
export function CartIcon(): ReactNode {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path
        d="M6 7h12l-1 13H7L6 7Zm3 0V6a3 3 0 0 1 6 0v1"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
