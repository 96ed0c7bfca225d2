import { nl } from '@contracts/messages';
import { toast } from '@web/components/ui/use-toast';

/**
 * Copies text. The async Clipboard API exists only in secure contexts (https, localhost); on a
 * plain-http LAN address the hidden-textarea fallback still works in every current browser.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or document not focused: try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies and reports the outcome in a toast: `title` on success, a destructive hint on failure. */
export async function copyWithToast(text: string, title: string, description?: string): Promise<void> {
  if (await copyText(text)) {
    toast({ title, description });
  } else {
    toast({ variant: 'destructive', title: nl.eventsUi.copyFailed, description: nl.eventsUi.copyFailedText });
  }
}
