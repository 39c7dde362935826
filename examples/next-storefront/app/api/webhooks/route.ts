// The store's webhooks (register `${origin}/api/webhooks`): verified, then the cached catalog
// entries of what changed expire (`@vitrine/next/webhooks`).
import { createWebhookRoute } from '@vitrine/next/webhooks';

export const { POST } = createWebhookRoute();
