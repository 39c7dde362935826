/**
 * A product's additional information ("Care", "Shipping"), each section folded under its title.
 * No hooks: it renders in server and client components alike.
 */
import type { ReactNode } from 'react';
import type { StorefrontProductDetail } from '@vitrine/sdk';
import { plainText } from '../lib/format';

/** The sections, or nothing when the product has none. */
export function InfoSections({
  product,
}: {
  product: Pick<StorefrontProductDetail, 'infoSections'>;
}): ReactNode {
  const sections = product.infoSections;
  if (sections.length === 0) return null;
  return (
    <div className="info-sections">
      {sections.map((section) => (
        <details key={section.title}>
          <summary>{section.title}</summary>
          <p>{plainText(section.description)}</p>
        </details>
      ))}
    </div>
  );
}
