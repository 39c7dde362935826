/** Builders of the webhook events of docs/wire-conventions.md, one per table row. */
import type { WireCart } from '../models/cart.js';
import type { WireProduct } from '../models/catalog.js';
import type { WebhookEvent, WebhookIdentity } from '../models/events.js';

/** Event types as the platform names them. */
export const EVENT_TYPES = {
  cartCreated: 'wix.ecom.v1.cart_created',
  cartUpdated: 'wix.ecom.v1.cart_updated',
  cartDeleted: 'wix.ecom.v1.cart_deleted',
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
