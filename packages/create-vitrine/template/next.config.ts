import { withVitrine } from '@vitrine/next/config';

// `withVitrine`: Cache Components on (the catalog is cached by tag and expired by the store's
// webhooks), the catalog's cache life, and with REDIS_URL set where the server starts, the
// catalog's cache in Redis, shared by every server of the shop.
export default withVitrine({
  poweredByHeader: false,
  // `npm run dev` prints http://localhost:3000; the store's hosted pages also come back to
  // 127.0.0.1, which Next's dev server would otherwise refuse its scripts to.
  allowedDevOrigins: ['127.0.0.1'],
});
