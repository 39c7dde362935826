/** The products as the shop's pages show them, whichever catalog the store runs. */

/** A product in a list. */
export interface ProductCard {
  id: string;
  slug: string;
  name: string;
  /** The price as the store formats it (`$24.00`). */
  price: string;
  image?: { url: string; width: number; height: number };
}

/** A product's page. */
export interface ProductDetail extends ProductCard {
  description: string;
  /** The product's options and their choices, by name (`Size`: `S`, `M`, …). */
  options: { name: string; choices: string[] }[];
  /**
   * Catalog V3: the product's variants, each with its choice per option name. A line in the cart
   * names the variant (`catalogReference.options.variantId`); on Catalog V1 it names the choices.
   */
  variants?: { id: string; choices: Record<string, string> }[];
}
