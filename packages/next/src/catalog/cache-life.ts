/** The cache life of catalog entries: `withVitrine` defines it in next.config, a shop may change it. */
export const CATALOG_CACHE_LIFE = 'vitrine-catalog';
