/**
 * The recommendation algorithms the stores catalog provides on the platform, with the ids, names
 * and types its Recommendations API lists (`GET /v1/recommendations/algorithms`), run over the
 * emulator's catalog and orders:
 * - "From similar categories" (related items): products sharing the most collections with the
 *   given items, then other products;
 * - "Frequently bought together" (related items): products bought in the same orders as the
 *   first given item, most units first, then as "From similar categories";
 * - "Frequently viewed together" (related items): the emulator records no views, so as
 *   "From similar categories", the platform's own fallback;
 * - "Best sellers" (global): products by units sold, then the rest of the catalog.
 * Each answers at most {@link MAX_RECOMMENDED} visible products, never one of the given items.
 */
import type { OrderRecord } from '../models/cart.js';
import type { ProductRecord } from '../models/catalog.js';
import { STORES_APP_ID } from '../models/catalog.js';

/** Most items one algorithm recommends, as the platform's stores algorithms do. */
export const MAX_RECOMMENDED = 16;

export type AlgorithmType = 'RELATED_ITEMS' | 'GLOBAL';

/** An algorithm as `GET /v1/recommendations/algorithms` lists it. */
export interface WireAlgorithmInfo {
  config: { name: string; description: string; algorithmType: AlgorithmType; algorithmId: string };
  appId: string;
  catalogAppIds: string[];
}

/** What an algorithm reads. */
export interface AlgorithmInput {
  /** Every product, in catalog order. */
  products: readonly ProductRecord[];
  /** Every order, in the order they were placed. */
  orders: readonly OrderRecord[];
  /** The ids of the given stores items, in the order given. */
  itemIds: readonly string[];
}

interface Algorithm {
  info: WireAlgorithmInfo['config'];
  run(input: AlgorithmInput): string[];
}

/** Product ids ranked by score (highest first, then catalog order), then the rest. */
function ranked(
  input: AlgorithmInput,
  score: (product: ProductRecord) => number,
  fill = true,
): string[] {
  const given = new Set(input.itemIds);
  const candidates = input.products
    .filter((p) => p.visible && !given.has(p.id))
    .map((product, index) => ({ product, index, score: score(product) }))
    .filter((c) => fill || c.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return candidates.slice(0, MAX_RECOMMENDED).map((c) => c.product.id);
}

function similarCategories(input: AlgorithmInput): string[] {
  const collections = new Set(
    input.products.filter((p) => input.itemIds.includes(p.id)).flatMap((p) => p.collectionIds),
  );
  return ranked(input, (p) => p.collectionIds.filter((c) => collections.has(c)).length);
}

/** Units of each product in the given orders. */
function unitsSold(orders: readonly OrderRecord[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const order of orders)
    for (const line of order.lineItems)
      if (line.catalogItemId !== undefined)
        units.set(line.catalogItemId, (units.get(line.catalogItemId) ?? 0) + line.quantity);
  return units;
}

function boughtTogether(input: AlgorithmInput): string[] {
  const first = input.itemIds[0];
  if (first === undefined) return [];
  const together = unitsSold(
    input.orders.filter((o) => o.lineItems.some((l) => l.catalogItemId === first)),
  );
  const bought = ranked(input, (p) => together.get(p.id) ?? 0, false);
  const rest = similarCategories(input).filter((id) => !bought.includes(id));
  return [...bought, ...rest].slice(0, MAX_RECOMMENDED);
}

function bestSellers(input: AlgorithmInput): string[] {
  const units = unitsSold(input.orders);
  return ranked(input, (p) => units.get(p.id) ?? 0);
}

const related = (input: AlgorithmInput, run: (input: AlgorithmInput) => string[]) =>
  input.itemIds.length === 0 ? [] : run(input);

const ALGORITHMS: readonly Algorithm[] = [
  {
    info: {
      name: 'From similar categories',
      description: 'Items that share the most categories with the items given.',
      algorithmType: 'RELATED_ITEMS',
      algorithmId: '68ebce04-b96a-4c52-9329-08fc9d8c1253',
    },
    run: (input) => related(input, similarCategories),
  },
  {
    info: {
      name: 'Frequently bought together',
      description: 'Items frequently bought together with the first item given.',
      algorithmType: 'RELATED_ITEMS',
      algorithmId: 'd5aac1e1-2e53-4d11-85f7-7172710b4783',
    },
    run: (input) => related(input, boughtTogether),
  },
  {
    info: {
      name: 'Frequently viewed together',
      description: 'Items frequently viewed together with the first item given.',
      algorithmType: 'RELATED_ITEMS',
      algorithmId: '5dd69f67-9ab9-478e-ba7c-10c6c6e7285f',
    },
    run: (input) => related(input, similarCategories),
  },
  {
    info: {
      name: 'Best sellers',
      description: 'The items of the catalog with the most sales.',
      algorithmType: 'GLOBAL',
      algorithmId: 'ba491fd2-b172-4552-9ea6-7202e01d1d3c',
    },
    run: bestSellers,
  },
];

/** The stores catalog's algorithms, by id. */
export const STORES_ALGORITHMS: ReadonlyMap<string, Algorithm> = new Map(
  ALGORITHMS.map((a) => [a.info.algorithmId, a]),
);

/** The list `GET /v1/recommendations/algorithms` answers. */
export function availableAlgorithms(): WireAlgorithmInfo[] {
  return ALGORITHMS.map((a) => ({
    config: { ...a.info },
    appId: STORES_APP_ID,
    catalogAppIds: [STORES_APP_ID],
  }));
}
