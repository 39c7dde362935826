import { describe, expect, it } from 'vitest';
import { orderDate, orderLineName, orderStatus, orderTotal } from '../lib/orders';

describe('orders', () => {
  it('orderDate: the day in UTC, or nothing for a missing or bad date', () => {
    expect(orderDate({ createdDate: '2025-03-01T23:30:00.000Z' })).toBe('Mar 1, 2025');
    expect(orderDate({ createdDate: 'x', purchasedDate: '2024-12-31T00:00:00Z' })).toBe(
      'Dec 31, 2024',
    );
    expect(orderDate({})).toBe('');
  });

  it("orderTotal: the platform's formatting, else the amount formatted", () => {
    expect(
      orderTotal({ priceSummary: { total: { amount: '12.5', formattedAmount: '$12.50' } } }),
    ).toBe('$12.50');
    expect(orderTotal({ priceSummary: { total: { amount: '7' } }, currency: 'EUR' })).toBe('€7.00');
    expect(orderTotal({})).toBe('');
  });

  it('orderStatus: canceled, shipped, partly shipped, else processing', () => {
    expect(orderStatus({ status: 'CANCELED', fulfillmentStatus: 'FULFILLED' })).toBe('Canceled');
    expect(orderStatus({ status: 'APPROVED', fulfillmentStatus: 'FULFILLED' })).toBe('Shipped');
    expect(orderStatus({ fulfillmentStatus: 'PARTIALLY_FULFILLED' })).toBe('Partly shipped');
    expect(orderStatus({ status: 'APPROVED', fulfillmentStatus: 'NOT_FULFILLED' })).toBe(
      'Processing',
    );
  });

  it('orderLineName: translated, else original', () => {
    expect(orderLineName({ productName: { original: 'Mug', translated: 'Tasse' } })).toBe('Tasse');
    expect(orderLineName({ productName: { original: 'Mug' } })).toBe('Mug');
    expect(orderLineName({})).toBe('Item');
  });
});
