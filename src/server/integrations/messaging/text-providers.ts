import type { MessagingProvider, TextDeliveryStatus } from '@contracts/enums';
import { messagebirdProvider } from './messagebird';
import type { ProviderCallOptions, ProviderKeyName, ProviderKeys, TextProvider } from './text-provider';
import { twilioProvider } from './twilio';

export interface TextProviderKind {
  /** The keys the provider needs, by their API names; `secret` ones are sealed at rest and never answered. */
  keys: readonly { name: ProviderKeyName; secret: boolean }[];
  /**
   * How its addresses name a WhatsApp number (Twilio: `whatsapp:+31…`); absent for a provider that
   * sends SMS only (contracts' WHATSAPP_PROVIDERS lists those that do).
   */
  whatsappAddress?: (e164: string) => string;
  connect(keys: ProviderKeys, opts: ProviderCallOptions): TextProvider;
  /** The provider's own status words, as the one list the app keeps (unknown words: none). */
  statuses: Readonly<Record<string, TextDeliveryStatus>>;
}

/** Every provider an owner can connect, and what sets them apart. */
export const TEXT_PROVIDERS: Readonly<Record<MessagingProvider, TextProviderKind>> = {
  twilio: {
    keys: [
      { name: 'accountSid', secret: false },
      { name: 'authToken', secret: true },
    ],
    whatsappAddress: (e164) => `whatsapp:${e164}`,
    connect: twilioProvider,
    statuses: {
      accepted: 'queued',
      scheduled: 'queued',
      queued: 'queued',
      sending: 'sent',
      sent: 'sent',
      delivered: 'delivered',
      read: 'delivered',
      undelivered: 'undelivered',
      failed: 'failed',
      canceled: 'failed',
    },
  },
  messagebird: {
    keys: [{ name: 'accessKey', secret: true }],
    connect: messagebirdProvider,
    statuses: {
      scheduled: 'queued',
      buffered: 'queued',
      sent: 'sent',
      delivered: 'delivered',
      expired: 'undelivered',
      delivery_failed: 'failed',
    },
  },
};
/** The status a provider's word means, or null for a word it does not list. */
export const deliveryStatusOf = (provider: MessagingProvider, word: string): TextDeliveryStatus | null =>
  TEXT_PROVIDERS[provider].statuses[word] ?? null;
