/** The current cart's path on the wire (always on the API host, GETs included). */
export const CURRENT_CART_PATH = '/ecom/v1/carts/current';
