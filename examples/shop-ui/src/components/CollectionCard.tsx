/**
 * A collection on the home page (a `StorefrontCategory`: a Catalog V1 collection or a Catalog V3
 * category): its picture, name and how many products it has, all one link. No hooks: it renders
 * in server and client components alike.
 */
import type { ReactNode } from 'react';
import type { StorefrontCategory } from '@vitrine/sdk';
import { pluralize } from '../lib/format';
import { paths } from '../lib/paths';
import type { ShopLinkComponent } from './ShopLink';

/** The card, a link to the collection's page. */
export function CollectionCard({
  collection,
  link: Link,
}: {
  collection: Pick<StorefrontCategory, 'id' | 'slug' | 'name' | 'image' | 'productCount'>;
  /** The shop's link component. */
  link: ShopLinkComponent;
}): ReactNode {
  const image = collection.image?.url;
  return (
    <Link className="collection-card" href={paths.collection(collection.slug || collection.id)}>
      {image ? (
        <img src={image} alt="" width={320} height={240} loading="lazy" />
      ) : (
        <div className="collection-card__placeholder" aria-hidden="true" />
      )}
      <span className="collection-card__name">{collection.name}</span>
      {collection.productCount !== undefined ? (
        <span className="collection-card__count">
          {pluralize(collection.productCount, 'product')}
        </span>
      ) : null}
    </Link>
  );
}
