/** Schemas of the catalog read requests. The query itself is compiled by `parsePagedQuery`. */
import * as v from 'valibot';
import { arr, bool, int, obj, optional, record, str } from '../http/schema.js';

/** The query itself is compiled by `parsePagedQuery`, which names its own fields. */
const queryField = optional(v.unknown());

/** Request of the collection queries. */
export const collectionQueryRequest = obj({ query: queryField });

/** Request of the product queries. */
export const productQueryRequest = obj({
  query: queryField,
  includeVariants: optional(bool()),
  includeHiddenProducts: optional(bool()),
  includeMerchantSpecificData: optional(bool()),
});

/** Request of the variant query. */
export const variantQueryRequest = obj({
  query: queryField,
  includeMerchantSpecificData: optional(bool()),
});

/** Body of `productOptionsAvailability`. */
export const availabilityBody = obj({
  options: optional(record(str({ max: 100 }), { maxKeys: 20 })),
});

/** Body of a product's variant query. */
export const productVariantsBody = obj({
  choices: optional(record(str({ max: 100 }), { maxKeys: 20 })),
  variantIds: optional(arr(str({ min: 1, max: 100 }), { max: 1000 })),
  paging: optional(
    obj({
      limit: optional(int({ min: 1, max: 100 })),
      offset: optional(int({ min: 0, max: 1_000_000 })),
    }),
  ),
  includeMerchantSpecificData: optional(bool()),
});
