import type { MessagingProvider } from '@contracts/enums';
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
  },
  messagebird: {
    keys: [{ name: 'accessKey', secret: true }],
    connect: messagebirdProvider,
  },
};
