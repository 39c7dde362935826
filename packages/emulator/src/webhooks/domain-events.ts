/**
 * Catalog V3's and Cart V2's webhook events: the platform's domain events (platform-wire-v3.md "Events"),
 * `{id, entityFqdn, slug, entityId, eventTime, entityEventSequence, createdEvent | updatedEvent |
 * deletedEvent | actionEvent}`, in the same signed envelope as every other event. The official
 * client's `EventDefinition`s (`@wix/auto_sdk_stores_products-v-3`, `…_categories_categories`,
 * `…_stores_inventory-items-v-3`) name these event types.
 */
import { randomId } from '../crypto/random.js';
import type { WebhookEvent, WebhookIdentity } from '../models/events.js';

/** Catalog V3 event types, by what they tell. */
export const V3_EVENT_TYPES = {
  productCreated: 'wix.stores.catalog.v3.product_created',
  productUpdated: 'wix.stores.catalog.v3.product_updated',
  productDeleted: 'wix.stores.catalog.v3.product_deleted',
  inventoryItemCreated: 'wix.stores.catalog.v3.inventory_item_created',
  inventoryItemUpdated: 'wix.stores.catalog.v3.inventory_item_updated',
  inventoryItemDeleted: 'wix.stores.catalog.v3.inventory_item_deleted',
  inventoryItemStockStatusUpdated: 'wix.stores.catalog.v3.inventory_item_stock_status_updated',
  categoryCreated: 'wix.categories.v1.category_created',
  categoryUpdated: 'wix.categories.v1.category_updated',
  categoryDeleted: 'wix.categories.v1.category_deleted',
  itemAddedToCategory: 'wix.categories.v1.category_item_added_to_category',
  itemRemovedFromCategory: 'wix.categories.v1.category_item_removed_from_category',
} as const;

/** The entity kinds of Catalog V3 events: the fqdn before each event's slug. */
const FQDN = {
  product: 'wix.stores.catalog.v3.product',
  inventoryItem: 'wix.stores.catalog.v3.inventory_item',
  category: 'wix.categories.v1.category',
  cart: 'wix.ecom.v2.cart',
} as const;

/** What every domain event of an entity says about it. */
export interface DomainEntity {
  kind: keyof typeof FQDN;
  id: string;
  /** A number that grows with each change of the entity (its revision), sent as a string. */
  sequence: number;
  /** When it happened (ISO). */
  at: string;
}

type DomainBody =
  | { createdEvent: { entity: unknown } }
  | { updatedEvent: { currentEntity: unknown; modifiedFields?: Record<string, unknown> } }
  | { deletedEvent: Record<string, never> | { deletedEntity: unknown } }
  | { actionEvent: { body: unknown } };

/** A domain event of `entity` with `body` (its created, updated, deleted or action part). */
export function domainEvent(
  eventType: string,
  identity: WebhookIdentity,
  entity: DomainEntity,
  body: DomainBody,
): WebhookEvent {
  const slug = eventType.slice(eventType.lastIndexOf('_') + 1);
  return {
    eventType,
    identity,
    body: {
      id: randomId(),
      entityFqdn: FQDN[entity.kind],
      slug: 'actionEvent' in body ? eventType.slice(FQDN[entity.kind].length + 1) : slug,
      entityId: entity.id,
      eventTime: entity.at,
      entityEventSequence: String(entity.sequence),
      ...body,
    },
  };
}
