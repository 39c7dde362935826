// The store's webhooks (register `${origin}/api/webhooks`): verified with
// VITRINE_WEBHOOK_PUBLIC_KEY, then what changed expires in the cached catalog.
import { createWebhookRoute } from '@vitrine/next/webhooks';

export const { POST } = createWebhookRoute();
