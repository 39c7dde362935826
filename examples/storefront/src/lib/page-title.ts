import { useEffect } from 'react';

/** Sets the tab's title while a page is shown: "Cart · Vitrine". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Vitrine` : 'Vitrine';
  }, [title]);
}
