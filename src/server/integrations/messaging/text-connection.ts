import type { MessagingConnectionRow } from '../../db/schema';
import type { SecretBox } from '../../lib/crypto';
import type { ProviderKeys, TextProvider } from './text-provider';
import { TEXT_PROVIDERS } from './text-providers';

/** The providers' API origins and the deadline of one call (config.ts `messaging`). */
export interface ProviderSettings {
  apiBase: Record<MessagingConnectionRow['provider'], string>;
  timeoutMs: number;
}

/**
 * An owner's stored connection opened for use (docs/PRODUCT.md#messaging): the test message of the
 * settings card and every booking's text message go through here, so both read the keys, the
 * provider and its status address the same way.
 */
export function textConnection(box: SecretBox, providers: ProviderSettings, appUrl: string) {
  /** The stored keys opened, or null when one cannot be (sealed under another APP_SECRET). */
  function storedKeys(row: MessagingConnectionRow): ProviderKeys | null {
    const keys: ProviderKeys = {};
    for (const { name, secret } of TEXT_PROVIDERS[row.provider].keys) {
      const value = row[name];
      if (!value) return null;
      try {
        keys[name] = secret ? box.decrypt(value) : value;
      } catch {
        return null;
      }
    }
    return keys;
  }

  const providerFor = (provider: MessagingConnectionRow['provider'], keys: ProviderKeys): TextProvider =>
    TEXT_PROVIDERS[provider].connect(keys, {
      apiBase: providers.apiBase[provider],
      timeoutMs: providers.timeoutMs,
    });

  /**
   * Where the provider reports a message's status: the owner's callback route with its token
   * (`ref`: our message id, so a report that overtakes our record of the send still finds it).
   * Providers call only a public https address, so a local app asks for no reports.
   */
  function statusUrl(row: MessagingConnectionRow, ref?: string): string | null {
    if (!appUrl.startsWith('https://')) return null;
    const path = row.provider === 'twilio' ? 'twilio/status' : 'messagebird/report';
    const url = `${appUrl}/api/messaging/${path}/${box.decrypt(row.ownerToken)}`;
    return ref ? `${url}?ref=${encodeURIComponent(ref)}` : url;
  }

  /** Where Twilio posts the customers' replies to the owner's number (STOP), or null for MessageBird. */
  function replyUrl(row: MessagingConnectionRow): string | null {
    if (row.provider !== 'twilio') return null;
    return `${appUrl}/api/messaging/twilio/inbound/${box.decrypt(row.ownerToken)}`;
  }

  return {
    storedKeys,
    replyUrl,
    providerFor,
    statusUrl,
    /** The row's provider ready to send, or null when its keys cannot be opened. */
    open(row: MessagingConnectionRow): TextProvider | null {
      const keys = storedKeys(row);
      return keys ? providerFor(row.provider, keys) : null;
    },
  };
}
export type TextConnection = ReturnType<typeof textConnection>;
