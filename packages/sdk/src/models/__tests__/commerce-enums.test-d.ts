import { describe, expectTypeOf, it } from 'vitest';
import type {
  ChannelType,
  InventoryStatus,
  ItemAvailability,
  LineItem,
  Product,
  SortOrder,
  WebhookEvent,
  WebhookIdentityType,
} from '../../index.js';

describe('commerce enumeration types', () => {
  it('are unions of their values', () => {
    expectTypeOf<ItemAvailability>().toEqualTypeOf<
      'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE'
    >();
    expectTypeOf<SortOrder>().toEqualTypeOf<'ASC' | 'DESC'>();
    expectTypeOf<WebhookIdentityType>().toEqualTypeOf<
      'UNKNOWN' | 'ANONYMOUS_VISITOR' | 'MEMBER' | 'WIX_USER' | 'APP'
    >();
    expectTypeOf<'WIX_APP_STORE'>().toMatchTypeOf<ChannelType>();
    expectTypeOf<'WIX_INVOICES'>().toMatchTypeOf<ChannelType>();
    expectTypeOf<'SOLD_OUT'>().not.toMatchTypeOf<InventoryStatus>();
  });

  it('type the entity fields that use them', () => {
    expectTypeOf<NonNullable<LineItem['availability']>['status']>().toEqualTypeOf<
      ItemAvailability | undefined
    >();
    expectTypeOf<NonNullable<Product['stock']>['inventoryStatus']>().toEqualTypeOf<
      InventoryStatus | undefined
    >();
    // Ecom amounts are decimal strings; catalog amounts are numbers.
    expectTypeOf<NonNullable<LineItem['price']>['amount']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<Product['priceData']>['price']>().toEqualTypeOf<number | undefined>();
  });

  it('narrow webhook data by type', () => {
    const take = (event: WebhookEvent) => {
      if (event.type === 'variantsChanged') {
        expectTypeOf(event.data.variants).toEqualTypeOf<
          { variantId: string; changedFields: string[] }[]
        >();
      }
      if (event.type === 'cartCreated')
        expectTypeOf(event.data.cart.lineItems).toEqualTypeOf<LineItem[]>();
    };
    void take;
  });
});
