/**
 * Webhook events (cart lifecycle and catalog events), as `createWebhookHandler` returns them
 * once verified and unwrapped.
 */
import { defineEnum, type EnumValue } from './enum.js';
import type { Cart } from './cart.js';
import type { CartV2, CartV2Summary } from './cart-v2.js';
import type { Category, InventoryItemV3, ProductV3 } from './catalog-v3.js';
import type { Media, PriceData, ProductPageUrl } from './catalog.js';

/** Who caused a webhook event. */
export const WebhookIdentityType = /* @__PURE__ */ defineEnum([
  'UNKNOWN',
  'ANONYMOUS_VISITOR',
  'MEMBER',
  'WIX_USER',
  'APP',
]);
/** One of {@link WebhookIdentityType}'s values. */
export type WebhookIdentityType = EnumValue<typeof WebhookIdentityType>;

/** Who caused a webhook event, with the id that goes with the kind. */
export interface WebhookIdentity {
  /** `UNKNOWN` also when the platform sent a kind this SDK does not know. */
  identityType: WebhookIdentityType;
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

/** The platform's event type of each event this SDK understands. */
export const WEBHOOK_EVENT_TYPES = /* @__PURE__ */ Object.freeze({
  cartCreated: 'wix.ecom.v1.cart_created',
  cartUpdated: 'wix.ecom.v1.cart_updated',
  cartDeleted: 'wix.ecom.v1.cart_deleted',
  cartV2Created: 'wix.ecom.v2.cart_created',
  cartV2Updated: 'wix.ecom.v2.cart_updated',
  cartV2Deleted: 'wix.ecom.v2.cart_deleted',
  cartV2Calculated: 'wix.ecom.v2.cart_calculated',
  productCreated: 'com.wix.ecommerce.catalog.api.v1.ProductCreated',
  productChanged: 'com.wix.ecommerce.catalog.api.v1.ProductChanged',
  productDeleted: 'com.wix.ecommerce.catalog.api.v1.ProductDeleted',
  collectionCreated: 'com.wix.ecommerce.catalog.api.v1.CollectionCreated',
  collectionChanged: 'com.wix.ecommerce.catalog.api.v1.CollectionChanged',
  collectionDeleted: 'com.wix.ecommerce.catalog.api.v1.CollectionDeleted',
  variantsChanged: 'com.wix.ecommerce.catalog.api.v1.VariantsChanged',
  productV3Created: 'wix.stores.catalog.v3.product_created',
  productV3Updated: 'wix.stores.catalog.v3.product_updated',
  productV3Deleted: 'wix.stores.catalog.v3.product_deleted',
  inventoryItemCreated: 'wix.stores.catalog.v3.inventory_item_created',
  inventoryItemUpdated: 'wix.stores.catalog.v3.inventory_item_updated',
  inventoryItemDeleted: 'wix.stores.catalog.v3.inventory_item_deleted',
  inventoryItemStockStatusUpdated: 'wix.stores.catalog.v3.inventory_item_stock_status_updated',
  categoryCreated: 'wix.categories.v1.category_created',
  categoryUpdated: 'wix.categories.v1.category_updated',
  categoryDeleted: 'wix.categories.v1.category_deleted',
  categoryItemAdded: 'wix.categories.v1.category_item_added_to_category',
  categoryItemRemoved: 'wix.categories.v1.category_item_removed_from_category',
} as const);

/** The SDK's name of an event: `cartCreated`, `productChanged`… */
export type WebhookEventName = keyof typeof WEBHOOK_EVENT_TYPES;

/** Every event name: carts, then products, collections and variants. */
export const WEBHOOK_EVENT_NAMES = /* @__PURE__ */ Object.freeze(
  /* @__PURE__ */ Object.keys(WEBHOOK_EVENT_TYPES) as WebhookEventName[],
);

/** A cart was created. */
export interface CartCreatedData {
  /** The cart's id. */
  entityId: string;
  cart: Cart;
}

/** A cart changed. */
export interface CartUpdatedData {
  entityId: string;
  /** The cart after the change. */
  cart: Cart;
}

/** A cart was deleted. */
export interface CartDeletedData {
  entityId: string;
}

/**
 * What every domain event (Cart V2's, Catalog V3's, categories') says of itself besides its body.
 */
export interface DomainEventFacts {
  /** The entity's id. */
  entityId: string;
  /** The event's id: the same event delivered twice has the same id. */
  eventId?: string;
  /** ISO date. */
  eventTime?: string;
  /**
   * A number, as a string, that grows with each event of one entity: an event with a lower one
   * than already handled is out of order.
   */
  entityEventSequence?: string;
}

/** A Cart V2 cart was created. */
export interface CartV2CreatedData extends DomainEventFacts {
  cart: CartV2;
}

/** A Cart V2 cart changed. */
export interface CartV2UpdatedData extends DomainEventFacts {
  /** The cart after the change. */
  cart: CartV2;
}

/** A Cart V2 cart was deleted (or bought). */
export interface CartV2DeletedData extends DomainEventFacts {
  /** The cart as it was, when the platform sends it. */
  cart?: CartV2;
}

/** A Cart V2 cart's totals were calculated (or estimated). */
export interface CartV2CalculatedData extends DomainEventFacts {
  summary: CartV2Summary;
}

/** A product was created. */
export interface ProductCreatedData {
  productId: string;
  name: string;
  price?: PriceData;
  media?: Media;
  visible?: boolean;
  productPageUrl?: ProductPageUrl;
}

/** A product changed. */
export interface ProductChangedData {
  productId: string;
  /** The product fields that changed, e.g. `["price", "name"]`. */
  changedFields: string[];
}

/** A product was deleted. */
export interface ProductDeletedData {
  productId: string;
}

/** A collection was created. */
export interface CollectionCreatedData {
  collectionId: string;
  name: string;
  media?: Media;
}

/** A collection changed. */
export interface CollectionChangedData {
  collectionId: string;
  changedFields: string[];
}

/** A collection was deleted. */
export interface CollectionDeletedData {
  collectionId: string;
}

/** Variants of a product changed. */
export interface VariantsChangedData {
  productId: string;
  variants: { variantId: string; changedFields: string[] }[];
}

/** A Catalog V3 product was created. */
export interface ProductV3CreatedData extends DomainEventFacts {
  product: ProductV3;
}

/** A Catalog V3 product changed. */
export interface ProductV3UpdatedData extends DomainEventFacts {
  /** The product after the change. */
  product: ProductV3;
  /** The fields that changed (`name`, `actualPriceRange`…), when the platform says. */
  modifiedFields?: string[];
}

/** A Catalog V3 product was deleted. */
export interface ProductV3DeletedData extends DomainEventFacts {
  /** The product as it was, when the platform sends it. */
  product?: ProductV3;
}

/** An inventory item (a variant's stock) was created or changed. */
export interface InventoryItemData extends DomainEventFacts {
  inventoryItem: InventoryItemV3;
  /** For a change: the fields that changed, when the platform says. */
  modifiedFields?: string[];
}

/** An inventory item was deleted. */
export interface InventoryItemDeletedData extends DomainEventFacts {
  inventoryItem?: InventoryItemV3;
}

/** An inventory item's variant came into stock, or went out of it. */
export interface InventoryItemStockStatusData extends DomainEventFacts {
  inStock: boolean;
}

/** A category was created or changed. */
export interface CategoryData extends DomainEventFacts {
  category: Category;
  /** For a change: the fields that changed, when the platform says. */
  modifiedFields?: string[];
}

/** A category was deleted. */
export interface CategoryDeletedData extends DomainEventFacts {
  category?: Category;
}

/** An item (a product) was added to a category, or removed from it. */
export interface CategoryItemData extends DomainEventFacts {
  categoryId: string;
  /** The item: a product is `{ catalogItemId: product.id, appId: STORES_APP_ID }`. */
  item: { catalogItemId: string; appId?: string };
}

/** The data of each event, by name. */
export interface WebhookEventDataMap {
  cartCreated: CartCreatedData;
  cartUpdated: CartUpdatedData;
  cartDeleted: CartDeletedData;
  cartV2Created: CartV2CreatedData;
  cartV2Updated: CartV2UpdatedData;
  cartV2Deleted: CartV2DeletedData;
  cartV2Calculated: CartV2CalculatedData;
  productCreated: ProductCreatedData;
  productChanged: ProductChangedData;
  productDeleted: ProductDeletedData;
  collectionCreated: CollectionCreatedData;
  collectionChanged: CollectionChangedData;
  collectionDeleted: CollectionDeletedData;
  variantsChanged: VariantsChangedData;
  productV3Created: ProductV3CreatedData;
  productV3Updated: ProductV3UpdatedData;
  productV3Deleted: ProductV3DeletedData;
  inventoryItemCreated: InventoryItemData;
  inventoryItemUpdated: InventoryItemData;
  inventoryItemDeleted: InventoryItemDeletedData;
  inventoryItemStockStatusUpdated: InventoryItemStockStatusData;
  categoryCreated: CategoryData;
  categoryUpdated: CategoryData;
  categoryDeleted: CategoryDeletedData;
  categoryItemAdded: CategoryItemData;
  categoryItemRemoved: CategoryItemData;
}

/** One verified event of the given name. */
export interface WebhookEventOf<N extends WebhookEventName> {
  /** The SDK's name of the event: switch on it to narrow `data`. */
  type: N;
  /** The platform's event type, e.g. `wix.ecom.v1.cart_created`. */
  eventType: (typeof WEBHOOK_EVENT_TYPES)[N];
  /** The site (app instance) the event is about. */
  instanceId: string;
  /** Who caused the event. */
  identity: WebhookIdentity;
  /** The event's body, parsed. */
  data: WebhookEventDataMap[N];
}

/** A verified webhook event: a union discriminated by `type`. */
export type WebhookEvent = { [N in WebhookEventName]: WebhookEventOf<N> }[WebhookEventName];
