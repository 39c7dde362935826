/** The shop's name, as its pages show it. */
export const SHOP_NAME = 'My Shop';
