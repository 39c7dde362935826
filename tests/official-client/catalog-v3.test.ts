/**
 * Catalog V3 with the platform's official client (exact versions: `@wix/auto_sdk_stores_products-v-3`
 * 1.0.226, `…_categories_categories` 1.0.145, `…_stores_catalog-versioning` 1.0.81,
 * `…_stores_read-only-variants-v-3` 1.0.139, `…_stores_inventory-items-v-3` 1.0.98), live against
 * the emulator started with `catalog: 'v3'`: reads with a visitor's OAuth client, writes with the
 * API key's, each answer held to what the client's typings mark as always there
 * (src/typings.ts). Also the cart and Checkout V1 with V3 products, and the 428s of the wrong
 * catalog both ways.
 *
 * Operations covered: 74, every call the modules export (catalog versioning 1, products 28,
 * categories 23, read-only variants 2, inventory items 20), of which 7 are left out of their
 * typings; `OPERATIONS` below counts them and the last test checks the count.
 */
import * as categories from '@wix/auto_sdk_categories_categories';
import * as catalogVersioning from '@wix/auto_sdk_stores_catalog-versioning';
import * as inventoryItemsV3 from '@wix/auto_sdk_stores_inventory-items-v-3';
import * as productsV3 from '@wix/auto_sdk_stores_products-v-3';
import * as readOnlyVariantsV3 from '@wix/auto_sdk_stores_read-only-variants-v-3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './src/harness.js';
import {
  STORES_APP_ID,
  refusal,
  shopperClient,
  startHarness,
  v3MerchantClient,
  v3ShopperClient,
} from './src/harness.js';
import { alwaysPresent, missingPaths } from './src/typings.js';

const TREE = { appNamespace: '@wix/stores' };
const PV3 = '@wix/auto_sdk_stores_products-v-3';
const CAT = '@wix/auto_sdk_categories_categories';
const INV = '@wix/auto_sdk_stores_inventory-items-v-3';
const ROV = '@wix/auto_sdk_stores_read-only-variants-v-3';

const covered = new Set<string>();

/** Records `op` as covered and checks `answer` against what its typings promise. */
function holds(pkg: string, op: string, answer: unknown, paths = alwaysPresent(pkg, op)): void {
  covered.add(`${pkg}:${op}`);
  expect(missingPaths(answer, paths), `${op} lacks what its typings promise`).toEqual([]);
}

let harness: Harness;
let shopper: ReturnType<typeof v3ShopperClient>;
let merchant: ReturnType<typeof v3MerchantClient>;

beforeAll(async () => {
  harness = await startHarness({ catalog: 'v3' });
  shopper = v3ShopperClient();
  merchant = v3MerchantClient(harness.emulator.apiKey);
});
afterAll(async () => {
  await harness.close();
});

/** A new product with two choices of one option, made with the API key. */
async function lamp(name: string) {
  return merchant.productsV3.createProduct({
    name,
    productType: 'PHYSICAL',
    physicalProperties: {},
    options: [
      {
        name: 'Finish',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Brass', choiceType: 'CHOICE_TEXT' },
            { name: 'Black', choiceType: 'CHOICE_TEXT' },
          ],
        },
      },
    ],
    variantsInfo: {
      variants: ['Brass', 'Black'].map((choice, i) => ({
        choices: [{ optionChoiceNames: { optionName: 'Finish', choiceName: choice } }],
        price: { actualPrice: { amount: String(40 + i) } },
      })),
    },
  });
}

describe('catalog versioning', () => {
  it('says V3_CATALOG to a visitor', async () => {
    const answer = await shopper.catalogVersioning.getCatalogVersion();
    covered.add('@wix/auto_sdk_stores_catalog-versioning:getCatalogVersion');
    expect(answer.catalogVersion).toBe('V3_CATALOG');
  });
});

describe('products (visitor reads)', () => {
  it('queries with the builder, pages with next(), and gets by id and slug with variants', async () => {
    const first = await shopper.productsV3.queryProducts().ascending('slug').limit(25).find();
    covered.add(`${PV3}:queryProducts`);
    const slugs = first.items.map((p) => p.slug);
    let page = first;
    while (page.hasNext()) {
      page = await page.next();
      slugs.push(...page.items.map((p) => p.slug));
    }
    expect(slugs).toHaveLength(60);
    expect([...slugs].sort()).toEqual(slugs);
    for (const product of first.items)
      expect(missingPaths({ products: [product] }, alwaysPresent(PV3, 'searchProducts'))).toEqual(
        [],
      );
    const tee =
      first.items.find((p) => p.slug === 'classic-crew-tee') ??
      (await shopper.productsV3.queryProducts().eq('slug', 'classic-crew-tee').find()).items[0]!;
    expect(tee.variantsInfo).toBeUndefined();
    const got = await shopper.productsV3.getProduct(tee._id!, {
      fields: ['CURRENCY', 'VARIANT_OPTION_CHOICE_NAMES'],
    });
    holds(PV3, 'getProduct', got);
    expect(got._id).toBe(tee._id);
    expect(got.variantsInfo!.variants!.length).toBe(8);
    expect(got.actualPriceRange!.minValue!.formattedAmount).toMatch(/^\$/);
    const bySlug = await shopper.productsV3.getProductBySlug('classic-crew-tee');
    holds(PV3, 'getProductBySlug', bySlug);
    expect(bySlug.product!._id).toBe(tee._id);
    const byIds = await shopper.productsV3.queryProducts().in('_id', [tee._id!]).find();
    expect(byIds.items.map((p) => p._id)).toEqual([tee._id]);
  });

  it('searches with text, filters, sort and aggregations; counts', async () => {
    const found = await shopper.productsV3.searchProducts({
      search: { expression: 'hoodie' },
      filter: { visible: true },
      sort: [{ fieldName: 'name', order: 'ASC' }],
      aggregations: [{ name: 'brands', type: 'VALUE', fieldPath: 'brand.name' }],
      cursorPaging: { limit: 5 },
    });
    holds(PV3, 'searchProducts', found);
    expect(found.products!.map((p) => p.name)).toContain('Heavyweight Hoodie');
    const { count } = await shopper.productsV3.countProducts({
      filter: { 'brand.name': 'Northwind' },
    });
    holds(PV3, 'countProducts', { count });
    expect(count).toBeGreaterThan(0);
    const all = await shopper.productsV3.getAllProductsCategory();
    holds(PV3, 'getAllProductsCategory', all);
    expect(all.treeReference!.appNamespace).toBe('@wix/stores');
  });
});

describe('products (API key writes)', () => {
  it('creates, updates with the revision, refuses a stale one, deletes', async () => {
    const created = await lamp('Desk Lamp');
    holds(PV3, 'createProduct', created);
    const updated = await merchant.productsV3.updateProduct(created._id!, {
      revision: created.revision!,
      name: 'Desk Lamp II',
    });
    holds(PV3, 'updateProduct', updated);
    expect([updated.name, updated.revision]).toEqual(['Desk Lamp II', '2']);
    expect(
      await refusal(
        merchant.productsV3.updateProduct(created._id!, { revision: '1', name: 'Lost' }),
      ),
    ).toBe('REVISION_MISMATCH');
    expect(
      await refusal(
        shopper.productsV3.updateProduct(created._id!, { revision: '2', name: 'Mine' }),
      ),
    ).toBe('PERMISSION_DENIED');
    await merchant.productsV3.deleteProduct(created._id!);
    covered.add(`${PV3}:deleteProduct`);
    expect(await refusal(shopper.productsV3.getProduct(created._id!))).toBe('NOT_FOUND');
  });

  it('creates and updates with inventory, and in bulk', async () => {
    const withStock = await merchant.productsV3.createProductWithInventory({
      name: 'Candle',
      productType: 'PHYSICAL',
      physicalProperties: {},
      variantsInfo: {
        variants: [{ price: { actualPrice: { amount: '12' } }, inventoryItem: { quantity: 7 } }],
      },
    });
    holds(PV3, 'createProductWithInventory', withStock);
    const candle = withStock.product!;
    const restocked = await merchant.productsV3.updateProductWithInventory(candle._id!, {
      revision: candle.revision!,
      variantsInfo: {
        variants: [
          {
            _id: candle.variantsInfo!.variants![0]!._id!,
            price: { actualPrice: { amount: '13' } },
            inventoryItem: { quantity: 9 },
          },
        ],
      },
    });
    holds(PV3, 'updateProductWithInventory', restocked);
    const bulk = await merchant.productsV3.bulkCreateProducts(
      [1, 2].map((n) => ({
        name: `Mug ${n}`,
        productType: 'PHYSICAL',
        physicalProperties: {},
        variantsInfo: { variants: [{ price: { actualPrice: { amount: '9' } } }] },
      })),
      { returnEntity: true },
    );
    holds(PV3, 'bulkCreateProducts', bulk);
    expect(bulk.bulkActionMetadata!.totalSuccesses).toBe(2);
    const mugs = bulk.results!.map((r) => r.item!);
    const inv = await merchant.productsV3.bulkCreateProductsWithInventory(
      [
        {
          name: 'Mug 3',
          productType: 'PHYSICAL',
          physicalProperties: {},
          variantsInfo: {
            variants: [
              { price: { actualPrice: { amount: '9' } }, inventoryItem: { inStock: true } },
            ],
          },
        },
      ] as Parameters<typeof merchant.productsV3.bulkCreateProductsWithInventory>[0],
      { returnEntity: true },
    );
    holds(PV3, 'bulkCreateProductsWithInventory', inv);
    const renamed = await merchant.productsV3.bulkUpdateProducts(
      mugs.map((m) => ({
        product: { _id: m._id!, revision: m.revision!, name: `${m.name} (blue)` },
      })),
      { returnEntity: true },
    );
    holds(PV3, 'bulkUpdateProducts', renamed);
    expect(renamed.results!.map((r) => r.item?.name)).toEqual(['Mug 1 (blue)', 'Mug 2 (blue)']);
    const renamedInv = await merchant.productsV3.bulkUpdateProductsWithInventory(
      [
        {
          product: {
            _id: mugs[0]!._id!,
            revision: renamed.results![0]!.item!.revision!,
            visible: false,
          },
        },
      ] as Parameters<typeof merchant.productsV3.bulkUpdateProductsWithInventory>[0],
      { returnEntity: true },
    );
    holds(PV3, 'bulkUpdateProductsWithInventory', renamedInv);
    const ids = mugs.map((m) => m._id!);
    const byFilter = { _id: { $in: ids } };
    holds(
      PV3,
      'bulkUpdateProductsByFilter',
      await merchant.productsV3.bulkUpdateProductsByFilter({
        filter: byFilter,
        product: { visible: true },
      }),
    );
    holds(
      PV3,
      'bulkUpdateProductTags',
      await merchant.productsV3.bulkUpdateProductTags(ids, {
        assignTags: { privateTags: { tagIds: ['t1'] } },
      }),
    );
    holds(
      PV3,
      'bulkUpdateProductTagsByFilter',
      await merchant.productsV3.bulkUpdateProductTagsByFilter(byFilter, {
        unassignTags: { privateTags: { tagIds: ['t1'] } },
      }),
    );
    const fresh = await merchant.productsV3.getProduct(ids[0]!);
    holds(
      PV3,
      'bulkAddInfoSectionsToProducts',
      await merchant.productsV3.bulkAddInfoSectionsToProducts(
        [{ productId: ids[0]!, revision: fresh.revision! }],
        { infoSectionIds: ['returns'] },
      ),
    );
    const withSection = await merchant.productsV3.getProduct(ids[0]!);
    expect(withSection.infoSections!.map((s) => s._id)).toContain('returns');
    holds(
      PV3,
      'bulkRemoveInfoSectionsFromProducts',
      await merchant.productsV3.bulkRemoveInfoSectionsFromProducts(
        [{ productId: ids[0]!, revision: withSection.revision! }],
        { infoSectionIds: ['returns'] },
      ),
    );
    holds(
      PV3,
      'bulkAddInfoSectionsToProductsByFilter',
      await merchant.productsV3.bulkAddInfoSectionsToProductsByFilter(byFilter, {
        infoSectionIds: ['care'],
      }),
    );
    holds(
      PV3,
      'bulkRemoveInfoSectionsFromProductsByFilter',
      await merchant.productsV3.bulkRemoveInfoSectionsFromProductsByFilter(byFilter, {
        infoSectionIds: ['care'],
      }),
    );
    holds(
      PV3,
      'bulkUpdateProductVariantsByFilter',
      await merchant.productsV3.bulkUpdateProductVariantsByFilter(byFilter, {
        variant: { price: { actualPrice: { amount: '8' } } },
      }),
    );
    holds(
      PV3,
      'bulkAdjustProductVariantsByFilter',
      await merchant.productsV3.bulkAdjustProductVariantsByFilter(byFilter, {
        actualPrice: { percentage: 50 },
      }),
    );
    expect((await merchant.productsV3.getProduct(ids[1]!)).actualPriceRange!.minValue!.amount).toBe(
      '12',
    );
    const { category } = await merchant.categories
      .createCategory({ name: 'Mugs' }, { treeReference: TREE })
      .then((c) => ({ category: c }));
    holds(
      PV3,
      'bulkAddProductsToCategoriesByFilter',
      await merchant.productsV3.bulkAddProductsToCategoriesByFilter({
        filter: byFilter,
        categoryIds: [category._id!],
      }),
    );
    expect((await shopper.categories.getCategory(category._id!, TREE)).itemCounter).toBe(2);
    holds(
      PV3,
      'bulkRemoveProductsFromCategoriesByFilter',
      await merchant.productsV3.bulkRemoveProductsFromCategoriesByFilter({
        filter: byFilter,
        categoryIds: [category._id!],
      }),
    );
    holds(
      PV3,
      'bulkDeleteProductsByFilter',
      await merchant.productsV3.bulkDeleteProductsByFilter({ _id: { $in: [ids[0]!] } }),
    );
    const deleted = await merchant.productsV3.bulkDeleteProducts([
      ids[1]!,
      inv.productResults!.results![0]!.item!._id!,
    ]);
    holds(PV3, 'bulkDeleteProducts', deleted);
    expect(deleted.bulkActionMetadata!.totalSuccesses).toBe(2);
  });
});

describe('categories', () => {
  it('reads the tree as a visitor', async () => {
    const trees = await shopper.categories.listTrees();
    holds(CAT, 'listTrees', trees);
    const page = await shopper.categories.queryCategories({ treeReference: TREE }).limit(3).find();
    covered.add(`${CAT}:queryCategories`);
    const names = page.items.map((c) => c.name);
    const next = await page.next();
    names.push(...next.items.map((c) => c.name));
    expect(names).toContain('All Products');
    const apparel = (await shopper.categories.getCategoryBySlug('apparel', TREE)).category!;
    holds(CAT, 'getCategoryBySlug', { category: apparel });
    holds(
      CAT,
      'getCategory',
      await shopper.categories.getCategory(apparel._id!, TREE, { fields: ['BREADCRUMBS_INFO'] }),
    );
    holds(
      CAT,
      'searchCategories',
      await shopper.categories.searchCategories(
        { search: { expression: 'apparel' } },
        { treeReference: TREE },
      ),
    );
    holds(
      CAT,
      'countCategories',
      await shopper.categories.countCategories({ treeReference: TREE }),
    );
    const items = await shopper.categories.listItemsInCategory(apparel._id!, TREE, {
      cursorPaging: { limit: 5 },
    });
    holds(CAT, 'listItemsInCategory', items);
    expect(items.items!.length).toBe(5);
    const item = { catalogItemId: items.items![0]!.catalogItemId!, appId: STORES_APP_ID };
    const forItem = await shopper.categories.listCategoriesForItem(item, { treeReference: TREE });
    holds(CAT, 'listCategoriesForItem', forItem);
    expect(forItem.directCategoryIds).toContain(apparel._id);
    holds(
      CAT,
      'listCategoriesForItems',
      await shopper.categories.listCategoriesForItems([item], { treeReference: TREE }),
    );
    holds(CAT, 'getArrangedItems', await shopper.categories.getArrangedItems(apparel._id!, TREE));
  });

  it('writes with the API key: create, update, visibility, move, items, arrangement, delete', async () => {
    const gifts = await merchant.categories.createCategory(
      { name: 'Gifts' },
      { treeReference: TREE },
    );
    holds(CAT, 'createCategory', gifts);
    const wrap = await merchant.categories.createCategory(
      { name: 'Wrapping', parentCategory: { _id: gifts._id! } },
      { treeReference: TREE },
    );
    const renamed = await merchant.categories.updateCategory(
      gifts._id!,
      { revision: gifts.revision!, name: 'Gift Shop' },
      { treeReference: TREE },
    );
    holds(CAT, 'updateCategory', renamed);
    expect(
      await refusal(
        merchant.categories.updateCategory(
          gifts._id!,
          { revision: gifts.revision!, name: 'Stale' },
          { treeReference: TREE },
        ),
      ),
    ).toBe('REVISION_MISMATCH');
    const hidden = await merchant.categories.updateCategoryVisibility(wrap._id!, {
      visible: false,
      revision: wrap.revision!,
      treeReference: TREE,
    });
    holds(CAT, 'updateCategoryVisibility', hidden);
    holds(
      CAT,
      'bulkShowCategories',
      await merchant.categories.bulkShowCategories([wrap._id!], {
        treeReference: TREE,
        returnEntity: true,
      }),
    );
    // Without a parent, a move goes to the top level.
    const moved = await merchant.categories.moveCategory(wrap._id!, TREE, { position: 'FIRST' });
    holds(CAT, 'moveCategory', moved);
    expect(moved.categoriesAfterMove![0]).toBe(wrap._id);
    expect(
      (await shopper.categories.getCategory(wrap._id!, TREE)).parentCategory?._id,
    ).toBeUndefined();
    holds(
      CAT,
      'bulkUpdateCategories',
      await merchant.categories.bulkUpdateCategories(
        [
          {
            category: { _id: renamed._id!, revision: renamed.revision!, description: 'For others' },
          },
        ],
        { treeReference: TREE, returnEntity: true },
      ),
    );
    const products = (await shopper.productsV3.queryProducts().limit(3).find()).items;
    const refs = products.map((p) => ({ catalogItemId: p._id!, appId: STORES_APP_ID }));
    holds(
      CAT,
      'bulkAddItemsToCategory',
      await merchant.categories.bulkAddItemsToCategory(gifts._id!, refs, { treeReference: TREE }),
    );
    holds(
      CAT,
      'bulkAddItemToCategories',
      await merchant.categories.bulkAddItemToCategories(refs[0]!, {
        categoryIds: [wrap._id!],
        treeReference: TREE,
      }),
    );
    holds(
      CAT,
      'setArrangedItems',
      await merchant.categories.setArrangedItems(gifts._id!, TREE, { items: [refs[2]!, refs[0]!] }),
    );
    const arranged = await shopper.categories.listItemsInCategory(gifts._id!, TREE, {
      useCategoryArrangement: true,
    });
    expect(arranged.items!.slice(0, 2).map((i) => i.catalogItemId)).toEqual([
      refs[2]!.catalogItemId,
      refs[0]!.catalogItemId,
    ]);
    holds(
      CAT,
      'bulkRemoveItemsFromCategory',
      await merchant.categories.bulkRemoveItemsFromCategory(gifts._id!, [refs[1]!], {
        treeReference: TREE,
      }),
    );
    holds(
      CAT,
      'bulkRemoveItemFromCategories',
      await merchant.categories.bulkRemoveItemFromCategories(refs[0]!, {
        categoryIds: [wrap._id!],
        treeReference: TREE,
      }),
    );
    await merchant.categories.deleteCategory(gifts._id!, TREE);
    covered.add(`${CAT}:deleteCategory`);
    expect(await refusal(shopper.categories.getCategory(gifts._id!, TREE))).toBe('NOT_FOUND');
    expect((await shopper.categories.getCategory(wrap._id!, TREE)).name).toBe('Wrapping');
    expect(
      await refusal(shopper.categories.createCategory({ name: 'Mine' }, { treeReference: TREE })),
    ).toBe('PERMISSION_DENIED');
  });
});

describe('read-only variants and inventory', () => {
  it('queries and searches variants as a visitor', async () => {
    const page = await shopper.readOnlyVariantsV3.queryVariants().limit(100).find();
    covered.add(`${ROV}:queryVariants`);
    expect(page.items.length).toBe(100);
    expect(page.hasNext()).toBe(true);
    const searched = await shopper.readOnlyVariantsV3.searchVariants({
      search: { expression: 'tee' },
    });
    holds(ROV, 'searchVariants', searched);
    expect(
      searched.variants!.every((v) => v.productData!.name!.toLowerCase().includes('tee')),
    ).toBe(true);
  });

  it('reads items as a visitor and changes stock with the API key', async () => {
    const page = await shopper.inventoryItemsV3.queryInventoryItems().limit(10).find();
    covered.add(`${INV}:queryInventoryItems`);
    const item = page.items.find((i) => i.trackQuantity)!;
    const [categoryId] = item.product!.directCategoryIds!.slice(-1);
    const inCategory = await shopper.inventoryItemsV3
      .queryInventoryItems()
      .hasSome('product.directCategoryIds', [categoryId])
      .limit(1000)
      .find();
    expect(inCategory.items.length).toBeGreaterThan(0);
    expect(inCategory.items.every((i) => i.product!.directCategoryIds!.includes(categoryId!))).toBe(
      true,
    );
    holds(INV, 'getInventoryItem', await shopper.inventoryItemsV3.getInventoryItem(item._id!));
    holds(
      INV,
      'searchInventoryItems',
      await shopper.inventoryItemsV3.searchInventoryItems({
        filter: { productId: item.productId },
      } as Parameters<typeof shopper.inventoryItemsV3.searchInventoryItems>[0]),
    );
    const updated = await merchant.inventoryItemsV3.updateInventoryItem(item._id!, {
      revision: item.revision!,
      quantity: 50,
    });
    holds(INV, 'updateInventoryItem', updated);
    expect(
      await refusal(
        merchant.inventoryItemsV3.updateInventoryItem(item._id!, {
          revision: item.revision!,
          quantity: 1,
        }),
      ),
    ).toBe('REVISION_MISMATCH');
    holds(
      INV,
      'bulkUpdateInventoryItems',
      await merchant.inventoryItemsV3.bulkUpdateInventoryItems(
        [{ inventoryItem: { _id: item._id!, revision: updated.revision!, quantity: 40 } }],
        { returnEntity: true },
      ),
    );
    holds(
      INV,
      'bulkDecrementInventoryItems',
      await merchant.inventoryItemsV3.bulkDecrementInventoryItems([
        { inventoryItemId: item._id!, decrementBy: 5 },
      ]),
    );
    holds(
      INV,
      'bulkIncrementInventoryItems',
      await merchant.inventoryItemsV3.bulkIncrementInventoryItems([
        { inventoryItemId: item._id!, incrementBy: 2 },
      ]),
    );
    holds(
      INV,
      'bulkDecrementInventoryItemsByVariantAndLocation',
      await merchant.inventoryItemsV3.bulkDecrementInventoryItemsByVariantAndLocation([
        { variantId: item.variantId!, locationId: item.locationId!, decrementBy: 1 },
      ]),
    );
    holds(
      INV,
      'bulkIncrementInventoryItemsByVariantAndLocation',
      await merchant.inventoryItemsV3.bulkIncrementInventoryItemsByVariantAndLocation([
        { variantId: item.variantId!, locationId: item.locationId!, incrementBy: 4 },
      ]),
    );
    expect((await shopper.inventoryItemsV3.getInventoryItem(item._id!)).quantity).toBe(40);
    holds(
      INV,
      'bulkUpdateInventoryItemsByFilter',
      await merchant.inventoryItemsV3.bulkUpdateInventoryItemsByFilter(
        { _id: { $eq: item._id } },
        { inventoryItem: { quantity: 30 } },
      ),
    );
    expect((await shopper.inventoryItemsV3.getInventoryItem(item._id!)).quantity).toBe(30);
    await merchant.inventoryItemsV3.deleteInventoryItem(item._id!);
    covered.add(`${INV}:deleteInventoryItem`);
    const created = await merchant.inventoryItemsV3.createInventoryItem({
      productId: item.productId!,
      variantId: item.variantId!,
      quantity: 3,
    });
    holds(INV, 'createInventoryItem', created);
    expect(created._id).toBe(item._id);
    holds(
      INV,
      'bulkDeleteInventoryItems',
      await merchant.inventoryItemsV3.bulkDeleteInventoryItems([item._id!]),
    );
    holds(
      INV,
      'bulkCreateInventoryItems',
      await merchant.inventoryItemsV3.bulkCreateInventoryItems(
        [{ productId: item.productId!, variantId: item.variantId!, quantity: 3 }],
        { returnEntity: true },
      ),
    );
    expect(
      await refusal(
        shopper.inventoryItemsV3.updateInventoryItem(item._id!, { revision: '1', quantity: 1 }),
      ),
    ).toBe('PERMISSION_DENIED');
  });
});

describe('cart and checkout with V3 products', () => {
  it('adds by variantId to the current cart, and checks out from line items', async () => {
    const client = v3ShopperClient();
    const tee = (await client.productsV3.getProductBySlug('classic-crew-tee')).product!;
    const variant = tee.variantsInfo!.variants!.find((v) => v.inventoryStatus!.inStock)!;
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          quantity: 2,
          catalogReference: {
            catalogItemId: tee._id!,
            appId: STORES_APP_ID,
            options: { variantId: variant._id },
          },
        },
      ],
    });
    expect(cart!.lineItems![0]!.quantity).toBe(2);
    const checkout = await client.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [
        {
          quantity: 1,
          catalogReference: {
            catalogItemId: tee._id!,
            appId: STORES_APP_ID,
            options: { variantId: variant._id },
          },
        },
      ],
    });
    expect(checkout.lineItems![0]!.quantity).toBe(1);
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkout._id! },
      callbacks: { postFlowUrl: harness.shopUrl },
    });
    const page = await fetch(redirectSession!.fullUrl!);
    expect(await page.text()).toContain('Classic Crew Tee');
  });
});

describe('the wrong catalog', () => {
  it('answers a V1 module 428 on this V3 store', async () => {
    expect(await refusal(shopperClient().products.queryProducts().find())).toBe(
      'CATALOG_V3_CALLING_CATALOG_V1_API',
    );
  });

  it('answers a V3 module 428 on a V1 store, which still says V1_CATALOG', async () => {
    const v1 = await startHarness();
    try {
      const client = v3ShopperClient();
      expect((await client.catalogVersioning.getCatalogVersion()).catalogVersion).toBe(
        'V1_CATALOG',
      );
      expect(await refusal(client.productsV3.queryProducts().find())).toBe(
        'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
      );
      expect(await refusal(client.categories.listTrees())).toBe(
        'CATALOG_V1_SITE_CALLING_CATALOG_V3_API',
      );
    } finally {
      await v1.close();
    }
  });
});

/**
 * Seven calls the modules export at run time but leave out of their typings (their requests and
 * answers are typed). An app in JavaScript, or one that casts, makes them, so the emulator serves
 * them; they are called here through the same clients, cast to these shapes.
 */
interface UntypedInventoryCalls {
  countInventoryItems(options: { filter: object }): Promise<{ count?: number }>;
  bulkUpsertInventoryItems(
    items: { inventoryItem: object }[],
    options: { returnEntity: boolean },
  ): Promise<{ results?: { item?: { quantity?: number } }[] }>;
  bulkAdjustInventoryItemsByFilter(
    filter: object,
    options: { adjustment: { incrementBy: number } },
  ): Promise<{ jobId?: string }>;
  bulkSetOrAdjustInventoryItemsByFilter(
    filter: object,
    options: { adjustedInventoryAction: { decrementBy: number } },
  ): Promise<{ jobId?: string }>;
  bulkDeleteInventoryItemsByFilter(filter: object): Promise<{ jobId?: string }>;
  bulkCreateInventoryItemsByVariantFilter(
    filter: object,
    options: { locationId: string; inventoryCreationData: { quantity: number } },
  ): Promise<{ jobId?: string }>;
}
interface UntypedCategoryCalls {
  bulkSetItemCategories(
    item: { catalogItemId: string; appId: string },
    options: { categoryIds: string[]; treeReference: typeof TREE },
  ): Promise<{ addResults?: unknown[]; removeResults?: unknown[] }>;
}

describe('the calls the modules export but their typings leave out', () => {
  it('inventory: count; upsert; adjust, set-or-adjust, delete and create by filter', async () => {
    const reads = shopper.inventoryItemsV3 as unknown as UntypedInventoryCalls;
    const writes = merchant.inventoryItemsV3 as unknown as UntypedInventoryCalls;
    const page = await shopper.inventoryItemsV3.queryInventoryItems().limit(100).find();
    const item = page.items.filter((i) => i.trackQuantity).at(-1)!;
    const ofProduct = await shopper.inventoryItemsV3
      .queryInventoryItems()
      .eq('productId', item.productId)
      .limit(100)
      .find();
    const counted = await reads.countInventoryItems({ filter: { productId: item.productId } });
    holds(INV, 'countInventoryItems', counted, ['count']);
    expect(counted.count).toBe(ofProduct.items.length);

    const upserted = await writes.bulkUpsertInventoryItems(
      [{ inventoryItem: { _id: item._id, revision: item.revision, quantity: 20 } }],
      { returnEntity: true },
    );
    holds(INV, 'bulkUpsertInventoryItems', upserted, ['results', 'bulkActionMetadata']);
    expect(upserted.results![0]!.item!.quantity).toBe(20);

    const byId = { _id: { $eq: item._id } };
    const quantity = async () =>
      (await shopper.inventoryItemsV3.getInventoryItem(item._id!)).quantity;
    const adjusted = await writes.bulkAdjustInventoryItemsByFilter(byId, {
      adjustment: { incrementBy: 5 },
    });
    holds(INV, 'bulkAdjustInventoryItemsByFilter', adjusted, ['jobId']);
    expect(await quantity()).toBe(25);
    holds(
      INV,
      'bulkSetOrAdjustInventoryItemsByFilter',
      await writes.bulkSetOrAdjustInventoryItemsByFilter(byId, {
        adjustedInventoryAction: { decrementBy: 3 },
      }),
      ['jobId'],
    );
    expect(await quantity()).toBe(22);

    holds(
      INV,
      'bulkDeleteInventoryItemsByFilter',
      await writes.bulkDeleteInventoryItemsByFilter(byId),
      ['jobId'],
    );
    expect(await refusal(shopper.inventoryItemsV3.getInventoryItem(item._id!))).toBe('NOT_FOUND');
    // Items for the product's variants that have none: the deleted one comes back, no other.
    holds(
      INV,
      'bulkCreateInventoryItemsByVariantFilter',
      await writes.bulkCreateInventoryItemsByVariantFilter(
        { _id: { $eq: item.productId } },
        { locationId: item.locationId!, inventoryCreationData: { quantity: 7 } },
      ),
      ['jobId'],
    );
    expect(await quantity()).toBe(7);
    expect((await reads.countInventoryItems({ filter: { productId: item.productId } })).count).toBe(
      ofProduct.items.length,
    );
  });

  it("categories: bulkSetItemCategories makes an item's categories exactly the list", async () => {
    const writes = merchant.categories as unknown as UntypedCategoryCalls;
    const bySlug = async (slug: string) =>
      (await shopper.categories.getCategoryBySlug(slug, TREE)).category!;
    const apparel = await bySlug('apparel');
    const footwear = await bySlug('footwear');
    const tee = (await shopper.productsV3.getProductBySlug('classic-crew-tee')).product!;
    const item = { catalogItemId: tee._id!, appId: STORES_APP_ID };
    const categoriesOf = async () =>
      (await shopper.categories.listCategoriesForItem(item, { treeReference: TREE }))
        .directCategoryIds ?? [];
    const before = await categoriesOf();
    expect(before).toContain(apparel._id);
    const set = await writes.bulkSetItemCategories(item, {
      categoryIds: [footwear._id!],
      treeReference: TREE,
    });
    holds(CAT, 'bulkSetItemCategories', set, ['addResults', 'removeResults']);
    expect(set.addResults).toHaveLength(1);
    const after = await categoriesOf();
    // Exactly the list, beside the tree's "all products" (which the call leaves alone).
    expect(after).toEqual(before.map((id) => (id === apparel._id ? footwear._id : id)));
    await writes.bulkSetItemCategories(item, { categoryIds: before, treeReference: TREE });
    expect([...(await categoriesOf())].sort()).toEqual([...before].sort());
  });
});

/** The five modules, by the package names `covered` records. */
const MODULES: Record<string, Record<string, unknown>> = {
  '@wix/auto_sdk_stores_catalog-versioning': catalogVersioning,
  [PV3]: productsV3,
  [CAT]: categories,
  [ROV]: readOnlyVariantsV3,
  [INV]: inventoryItemsV3,
};

/** Every operation of the five modules (the client's exports that call the API). */
const OPERATIONS = 74;

describe('coverage', () => {
  it(`covers ${OPERATIONS} operations, every call the modules export`, () => {
    const all = Object.entries(MODULES).flatMap(([pkg, module]) =>
      Object.keys(module)
        .filter((key) => typeof module[key] === 'function' && !/^on[A-Z]/.test(key))
        .map((key) => `${pkg}:${key}`),
    );
    console.log(`official-client Catalog V3 operations covered: ${covered.size} of ${all.length}`);
    expect(all.filter((operation) => !covered.has(operation))).toEqual([]);
    expect(covered.size).toBe(OPERATIONS);
  });
});
