import { createWebhook } from '../api/create-webhook';

/**
 * Creates a template's webhooks on a freshly created event. The event itself is already saved, so a
 * failing webhook must not fail the save: docs/PRODUCT.md#errors says such failures are only logged.
 */
export async function createTemplateWebhooks(
  eventId: string,
  webhooks: ReadonlyArray<{ name: string; url: string }>,
): Promise<void> {
  for (const body of webhooks) {
    try {
      await createWebhook({ eventId, body });
    } catch (error) {
      console.error('Webhook uit template kon niet worden aangemaakt', body.name, error);
    }
  }
}
