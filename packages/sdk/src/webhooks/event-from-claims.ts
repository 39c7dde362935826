/**
 * Unwraps a verified webhook's claims: the `data` claim is
 * JSON of `{ eventType, instanceId, identity, data }`, where `identity` and the inner `data` are
 * JSON strings again. Every shape check failing here means the envelope is not the platform's.
 */
import { isJsonObject, parseJsonSafely } from '../internal/json.js';
import type { Cart, LineItem } from '../models/cart.js';
import type { CartV2, CartV2LineItem } from '../models/cart-v2.js';
import type { Category, InventoryItemV3, ProductV3 } from '../models/catalog-v3.js';
import {
  WEBHOOK_EVENT_TYPES,
  WebhookIdentityType,
  type DomainEventFacts,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventName,
  type WebhookIdentity,
} from '../models/webhooks.js';
import { UnexpectedWebhookEventError } from './errors/unexpected-event-error.js';

/** The envelope is not the platform's: the caller turns this into 'JWT is not valid'. */
export class MalformedEnvelope extends Error {
  override name = 'MalformedEnvelope' as const;
}

type JsonObject = Record<string, unknown>;

// Built by a call marked pure, so that an app that never handles webhooks drops it (and the
// event table) from its bundle.
const NAME_OF_TYPE = /* @__PURE__ */ namesByType();

function namesByType(): ReadonlyMap<string, WebhookEventName> {
  return new Map(
    (Object.entries(WEBHOOK_EVENT_TYPES) as [WebhookEventName, string][]).map(([name, type]) => [
      type,
      name,
    ]),
  );
}

/**
 * Turns verified JWT claims into a typed event.
 *
 * @throws {MalformedEnvelope} when the envelope or its event body is not the platform's shape.
 * @throws {UnexpectedWebhookEventError} for a well-formed envelope of an unknown event type.
 */
export function eventFromClaims(claims: JsonObject): WebhookEvent {
  const envelope = jsonObject(claims.data, 'data claim');
  const eventType = text(envelope.eventType, 'eventType');
  const instanceId = text(envelope.instanceId, 'instanceId');
  const identity = identityOf(jsonObject(envelope.identity, 'identity'));
  const body = jsonObject(envelope.data, 'data');
  const name = NAME_OF_TYPE.get(eventType);
  if (name === undefined) throw new UnexpectedWebhookEventError(eventType, instanceId);
  return {
    type: name,
    eventType: WEBHOOK_EVENT_TYPES[name],
    instanceId,
    identity,
    data: dataOf(name, body),
  } as WebhookEvent;
}

function dataOf<N extends WebhookEventName>(name: N, body: JsonObject): WebhookEventDataMap[N] {
  return PARSERS[name](body);
}

const PARSERS: { [N in WebhookEventName]: (body: JsonObject) => WebhookEventDataMap[N] } = {
  cartCreated: (body) => ({
    entityId: text(body.entityId, 'entityId'),
    cart: cartOf(jsonObject(body.createdEvent, 'createdEvent').entityAsJson),
  }),
  cartUpdated: (body) => ({
    entityId: text(body.entityId, 'entityId'),
    cart: cartOf(jsonObject(body.updatedEvent, 'updatedEvent').currentEntityAsJson),
  }),
  cartDeleted: (body) => ({ entityId: text(body.entityId, 'entityId') }),
  cartV2Created: (body) => ({ ...factsOf(body), cart: cartV2Of(createdEntity(body)) }),
  cartV2Updated: (body) => ({ ...factsOf(body), cart: cartV2Of(updatedEntity(body)) }),
  cartV2Deleted: (body) => {
    const deleted = deletedEntity(body);
    return { ...factsOf(body), ...(deleted ? { cart: cartV2Of(deleted) } : {}) };
  },
  cartV2Calculated: (body) => ({
    ...factsOf(body),
    summary: actionBody(body),
  }),
  productV3Created: (body) => ({
    ...factsOf(body),
    product: withId<ProductV3>(createdEntity(body), 'createdEvent.entity'),
  }),
  productV3Updated: (body) => ({
    ...factsOf(body),
    product: withId<ProductV3>(updatedEntity(body), 'updatedEvent.currentEntity'),
    ...modifiedFieldsOf(body),
  }),
  productV3Deleted: (body) => ({ ...factsOf(body), ...deleted(body, 'product') }),
  inventoryItemCreated: (body) => ({
    ...factsOf(body),
    inventoryItem: withId<InventoryItemV3>(createdEntity(body), 'createdEvent.entity'),
  }),
  inventoryItemUpdated: (body) => ({
    ...factsOf(body),
    inventoryItem: withId<InventoryItemV3>(updatedEntity(body), 'updatedEvent.currentEntity'),
    ...modifiedFieldsOf(body),
  }),
  inventoryItemDeleted: (body) => ({ ...factsOf(body), ...deleted(body, 'inventoryItem') }),
  inventoryItemStockStatusUpdated: (body) => ({
    ...factsOf(body),
    inStock: actionBody(body).inStock === true,
  }),
  categoryCreated: (body) => ({
    ...factsOf(body),
    category: withId<Category>(createdEntity(body), 'createdEvent.entity'),
  }),
  categoryUpdated: (body) => ({
    ...factsOf(body),
    category: withId<Category>(updatedEntity(body), 'updatedEvent.currentEntity'),
    ...modifiedFieldsOf(body),
  }),
  categoryDeleted: (body) => ({ ...factsOf(body), ...deleted(body, 'category') }),
  categoryItemAdded: (body) => categoryItemOf(body, 'addedItem'),
  categoryItemRemoved: (body) => categoryItemOf(body, 'removedItem'),
  productCreated: (body) => ({
    ...(body as Partial<WebhookEventDataMap['productCreated']>),
    productId: text(body.productId, 'productId'),
    name: text(body.name, 'name'),
  }),
  productChanged: (body) => ({
    productId: text(body.productId, 'productId'),
    changedFields: texts(body.changedFields, 'changedFields'),
  }),
  productDeleted: (body) => ({ productId: text(body.productId, 'productId') }),
  collectionCreated: (body) => ({
    ...(body as Partial<WebhookEventDataMap['collectionCreated']>),
    collectionId: text(body.collectionId, 'collectionId'),
    name: text(body.name, 'name'),
  }),
  collectionChanged: (body) => ({
    collectionId: text(body.collectionId, 'collectionId'),
    changedFields: texts(body.changedFields, 'changedFields'),
  }),
  collectionDeleted: (body) => ({ collectionId: text(body.collectionId, 'collectionId') }),
  variantsChanged: (body) => ({
    productId: text(body.productId, 'productId'),
    variants: list(body.variants, 'variants').map((item, index) => {
      const variant = jsonObject(item, `variants[${index}]`);
      return {
        variantId: text(variant.variantId, `variants[${index}].variantId`),
        changedFields: texts(variant.changedFields, `variants[${index}].changedFields`),
      };
    }),
  }),
};

/** The facts of a domain event (platform-wire-v3.md "Events"): its entity's id, when, in what order. */
function factsOf(body: JsonObject): DomainEventFacts {
  const facts: DomainEventFacts = { entityId: text(body.entityId, 'entityId') };
  if (typeof body.id === 'string') facts.eventId = body.id;
  if (typeof body.eventTime === 'string') facts.eventTime = body.eventTime;
  const sequence = body.entityEventSequence;
  if (typeof sequence === 'string' || typeof sequence === 'number') {
    facts.entityEventSequence = String(sequence);
  }
  return facts;
}

/** A domain event's created entity (an object, or JSON text of one). */
function createdEntity(body: JsonObject): JsonObject {
  return jsonObject(jsonObject(body.createdEvent, 'createdEvent').entity, 'createdEvent.entity');
}

function updatedEntity(body: JsonObject): JsonObject {
  const updated = jsonObject(body.updatedEvent, 'updatedEvent');
  return jsonObject(updated.currentEntity, 'updatedEvent.currentEntity');
}

/** A deleted entity, when the event carries it (the platform may leave it out). */
function deletedEntity(body: JsonObject): JsonObject | undefined {
  const deleted =
    body.deletedEvent === undefined ? {} : jsonObject(body.deletedEvent, 'deletedEvent');
  return deleted.deletedEntity === undefined
    ? undefined
    : jsonObject(deleted.deletedEntity, 'deletedEvent.deletedEntity');
}

function actionBody(body: JsonObject): JsonObject {
  return jsonObject(jsonObject(body.actionEvent, 'actionEvent').body, 'actionEvent.body');
}

/** An entity of the platform: an object with its id. */
function withId<T extends { id: string }>(raw: JsonObject, what: string): T {
  text(raw.id, `${what}.id`);
  return raw as unknown as T;
}

/** A deleted entity under `key`, when the event carries it. */
function deleted<K extends string>(body: JsonObject, key: K): Partial<Record<K, never>> {
  const entity = deletedEntity(body);
  return (entity ? { [key]: entity } : {}) as Partial<Record<K, never>>;
}

/** The names of an update's changed fields (`updatedEvent.modifiedFields`: a list or an object). */
function modifiedFieldsOf(body: JsonObject): { modifiedFields?: string[] } {
  const fields = jsonObject(body.updatedEvent, 'updatedEvent').modifiedFields;
  if (Array.isArray(fields)) return { modifiedFields: fields.filter((f) => typeof f === 'string') };
  if (isJsonObject(fields)) return { modifiedFields: Object.keys(fields) };
  return {};
}

/** An item added to a category, or removed from one (an action event). */
function categoryItemOf(body: JsonObject, key: 'addedItem' | 'removedItem') {
  const action = actionBody(body);
  const item = jsonObject(action[key], `actionEvent.body.${key}`);
  return {
    ...factsOf(body),
    categoryId: text(action.categoryId, 'actionEvent.body.categoryId'),
    item: {
      catalogItemId: text(item.catalogItemId, `actionEvent.body.${key}.catalogItemId`),
      ...(typeof item.appId === 'string' ? { appId: item.appId } : {}),
    },
  };
}

function cartV2Of(raw: JsonObject): CartV2 {
  const lineItems = Array.isArray(raw.lineItems) ? (raw.lineItems as CartV2LineItem[]) : [];
  return { ...raw, lineItems };
}

function identityOf(raw: JsonObject): WebhookIdentity {
  const identityType = WebhookIdentityType.includes(raw.identityType)
    ? raw.identityType
    : WebhookIdentityType.UNKNOWN;
  const identity: WebhookIdentity = { identityType };
  for (const key of ['anonymousVisitorId', 'memberId', 'wixUserId', 'appId'] as const) {
    const value = raw[key];
    if (typeof value === 'string') identity[key] = value;
  }
  return identity;
}

function cartOf(raw: unknown): Cart {
  const cart = jsonObject(raw, 'cart');
  const lineItems: LineItem[] = Array.isArray(cart.lineItems) ? (cart.lineItems as LineItem[]) : [];
  return { ...cart, lineItems };
}

/** An object, given as one or as JSON text of one. */
function jsonObject(value: unknown, what: string): JsonObject {
  const parsed = typeof value === 'string' ? parseJsonSafely(value) : value;
  if (!isJsonObject(parsed)) throw new MalformedEnvelope(`${what} is not a JSON object`);
  return parsed;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new MalformedEnvelope(`${what} is not a non-empty string`);
  }
  return value;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedEnvelope(`${what} is not a list`);
  return value;
}

function texts(value: unknown, what: string): string[] {
  return list(value, what).map((item, index) => text(item, `${what}[${index}]`));
}
