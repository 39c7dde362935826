/**
 * The merchant's changes the cache-tag tests make, each by its own catalog's calls (with the API
 * key), as a merchant's app or dashboard makes them: on a Catalog V1 store the `/stores/v1`
 * writes, on a Catalog V3 store the `/stores/v3` and `/categories/v1` ones (with the entity's
 * revision). Each change makes the emulator send its catalog's own webhook events.
 */
import type { Emulator } from '@vitrine/emulator';
import { expect } from 'vitest';

/** The changes, by id, on either catalog. */
export interface Merchant {
  setPrice(productId: string, price: number): Promise<void>;
  rename(productId: string, name: string): Promise<void>;
  setRibbon(productId: string, ribbon: string): Promise<void>;
  hide(productId: string): Promise<void>;
  remove(productId: string): Promise<void>;
  create(product: { name: string; slug: string; price: number }): Promise<void>;
  addToCollection(collectionId: string, productId: string): Promise<void>;
  renameCollection(collectionId: string, name: string): Promise<void>;
}

const STORES_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const TREE = { appNamespace: '@wix/stores' };

/** The merchant of `emulator`'s store, by the calls of the catalog it runs. */
export function merchantOf(emulator: Emulator, catalog: 'v1' | 'v3'): Merchant {
  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { authorization: emulator.apiKey, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer: unknown = await response.json();
    expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer;
  }
  if (catalog === 'v1') {
    const patch = (id: string, product: object) =>
      call('PATCH', `/stores/v1/products/${id}`, { product }).then(() => {});
    return {
      setPrice: (id, price) => patch(id, { priceData: { price } }),
      rename: (id, name) => patch(id, { name }),
      setRibbon: (id, ribbon) => patch(id, { ribbon }),
      hide: (id) => patch(id, { visible: false }),
      remove: async (id) => void (await call('DELETE', `/stores/v1/products/${id}`)),
      create: async ({ name, slug, price }) =>
        void (await call('POST', '/stores/v1/products', {
          product: { name, slug, priceData: { price } },
        })),
      addToCollection: async (collectionId, productId) =>
        void (await call('POST', `/stores/v1/collections/${collectionId}/productIds`, {
          productIds: [productId],
        })),
      renameCollection: async (id, name) =>
        void (await call('PATCH', `/stores/v1/collections/${id}`, { collection: { name } })),
    };
  }
  /** A V3 product's change, made on its current revision. */
  async function patch(id: string, product: object): Promise<void> {
    const { product: current } = (await call('GET', `/stores/v3/products/${id}`)) as {
      product: { revision: string };
    };
    await call('PATCH', `/stores/v3/products/${id}`, {
      product: { ...product, id, revision: current.revision },
    });
  }
  return {
    setPrice: async (id, price) =>
      void (await call('POST', '/stores/v3/bulk/products/update-variants-by-filter', {
        filter: { id: { $in: [id] } },
        variant: { price: { actualPrice: { amount: String(price) } } },
      })),
    rename: (id, name) => patch(id, { name }),
    setRibbon: (id, ribbon) => patch(id, { ribbon: { name: ribbon } }),
    hide: (id) => patch(id, { visible: false }),
    remove: async (id) => void (await call('DELETE', `/stores/v3/products/${id}`)),
    create: async ({ name, slug, price }) =>
      void (await call('POST', '/stores/v3/products', {
        product: {
          name,
          slug,
          productType: 'PHYSICAL',
          physicalProperties: {},
          variantsInfo: { variants: [{ price: { actualPrice: { amount: String(price) } } }] },
        },
      })),
    addToCollection: async (collectionId, productId) =>
      void (await call('POST', `/categories/v1/bulk/categories/${collectionId}/add-items`, {
        items: [{ catalogItemId: productId, appId: STORES_APP_ID }],
        treeReference: TREE,
      })),
    renameCollection: async (id, name) => {
      const { category } = (await call(
        'GET',
        `/categories/v1/categories/${id}?treeReference.appNamespace=${encodeURIComponent(TREE.appNamespace)}`,
      )) as { category: { revision: string } };
      await call('PATCH', `/categories/v1/categories/${id}`, {
        category: { id, name, revision: category.revision },
        treeReference: TREE,
      });
    },
  };
}
