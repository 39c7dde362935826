/** Builders of the webhook events of docs/wire-conventions.md, one per table row. */
import type { WireCart } from '../models/cart.js';
import type { WireCartSummary, WireCartV2 } from '../models/cart-v2.js';
import type { WireProduct } from '../models/catalog.js';
import type { WebhookEvent, WebhookIdentity } from '../models/events.js';
import { domainEvent } from './domain-events.js';

/** Event types as the platform names them. */
export const EVENT_TYPES = {
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
} as const;

export function cartCreated(identity: WebhookIdentity, cart: WireCart): WebhookEvent {
  return {
    eventType: EVENT_TYPES.cartCreated,
    identity,
    body: { entityId: cart.id, createdEvent: { entityAsJson: JSON.stringify(cart) } },
  };
}

export function cartUpdated(identity: WebhookIdentity, cart: WireCart): WebhookEvent {
  return {
    eventType: EVENT_TYPES.cartUpdated,
    identity,
    body: { entityId: cart.id, updatedEvent: { currentEntityAsJson: JSON.stringify(cart) } },
  };
}

export function cartDeleted(identity: WebhookIdentity, cartId: string): WebhookEvent {
  return {
    eventType: EVENT_TYPES.cartDeleted,
    identity,
    body: { entityId: cartId, deletedEvent: {} },
  };
}

/** What a Cart V2 event says besides its body: its time and the cart's event count. */
export interface DomainEventMeta {
  eventTime: string;
  /** Increases with each event of the cart, as `entityEventSequence` does. */
  sequence: number;
}

type CartV2Body =
  | { createdEvent: { entity: WireCartV2 } }
  | { updatedEvent: { currentEntity: WireCartV2 } }
  | { deletedEvent: { deletedEntity: WireCartV2 } }
  | { actionEvent: { body: WireCartSummary } };

/** A Cart V2 domain event (domain-events.ts): `{id, entityFqdn, slug, entityId, …}`. */
function cartV2Event(
  kind: 'cartV2Created' | 'cartV2Updated' | 'cartV2Deleted' | 'cartV2Calculated',
  identity: WebhookIdentity,
  cartId: string,
  meta: DomainEventMeta,
  body: CartV2Body,
): WebhookEvent {
  const cart = { kind: 'cart', id: cartId, sequence: meta.sequence, at: meta.eventTime } as const;
  return domainEvent(EVENT_TYPES[kind], identity, cart, body);
}

export function cartV2Created(
  identity: WebhookIdentity,
  cart: WireCartV2,
  meta: DomainEventMeta,
): WebhookEvent {
  return cartV2Event('cartV2Created', identity, cart.id, meta, {
    createdEvent: { entity: cart },
  });
}

export function cartV2Updated(
  identity: WebhookIdentity,
  cart: WireCartV2,
  meta: DomainEventMeta,
): WebhookEvent {
  return cartV2Event('cartV2Updated', identity, cart.id, meta, {
    updatedEvent: { currentEntity: cart },
  });
}

/** The deleted cart goes along (`deletedEntity`), so a handler's envelope has its `entity`. */
export function cartV2Deleted(
  identity: WebhookIdentity,
  cart: WireCartV2,
  meta: DomainEventMeta,
): WebhookEvent {
  return cartV2Event('cartV2Deleted', identity, cart.id, meta, {
    deletedEvent: { deletedEntity: cart },
  });
}

/** An action event whose body is the summary a calculate or estimate answered. */
export function cartV2Calculated(
  identity: WebhookIdentity,
  summary: WireCartSummary,
  meta: DomainEventMeta,
): WebhookEvent {
  return cartV2Event('cartV2Calculated', identity, summary.cartId, meta, {
    actionEvent: { body: summary },
  });
}

export function productCreated(identity: WebhookIdentity, product: WireProduct): WebhookEvent {
  return {
    eventType: EVENT_TYPES.productCreated,
    identity,
    body: {
      productId: product.id,
      name: product.name,
      price: product.priceData,
      media: product.media,
      visible: product.visible,
      productPageUrl: product.productPageUrl,
    },
  };
}

export function productChanged(
  identity: WebhookIdentity,
  productId: string,
  changedFields: string[],
): WebhookEvent {
  return { eventType: EVENT_TYPES.productChanged, identity, body: { productId, changedFields } };
}

export function productDeleted(identity: WebhookIdentity, productId: string): WebhookEvent {
  return { eventType: EVENT_TYPES.productDeleted, identity, body: { productId } };
}

export function collectionCreated(
  identity: WebhookIdentity,
  collectionId: string,
  name: string,
  media: unknown,
): WebhookEvent {
  return {
    eventType: EVENT_TYPES.collectionCreated,
    identity,
    body: { collectionId, name, media },
  };
}

export function collectionChanged(
  identity: WebhookIdentity,
  collectionId: string,
  changedFields: string[],
): WebhookEvent {
  return {
    eventType: EVENT_TYPES.collectionChanged,
    identity,
    body: { collectionId, changedFields },
  };
}

export function collectionDeleted(identity: WebhookIdentity, collectionId: string): WebhookEvent {
  return { eventType: EVENT_TYPES.collectionDeleted, identity, body: { collectionId } };
}

export function variantsChanged(
  identity: WebhookIdentity,
  productId: string,
  variants: { variantId: string; changedFields: string[] }[],
): WebhookEvent {
  return { eventType: EVENT_TYPES.variantsChanged, identity, body: { productId, variants } };
}
