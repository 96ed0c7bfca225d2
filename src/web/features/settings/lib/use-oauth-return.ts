import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { nl } from '@contracts/messages';
import { toast } from '@web/components/ui/use-toast';
import { userQueryKey } from '@web/lib/query-keys';
import { emailSettingsQueryKey } from '../api/get-email-settings';

const t = nl.settingsUi;

/**
 * docs/PRODUCT.md#settings: coming back from a Google authorization flow, /settings?success=… or ?error=… shows
 * the result once; then the address is reset to /settings so a reload does not show it again.
 */
export function useOAuthReturn() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const success = params.get('success');
    const error = params.get('error');
    if (!success && !error) return;

    if (error === 'oauth_failed') {
      toast({ variant: 'destructive', title: t.oauthFailed, description: t.oauthFailedText });
    } else if (error === 'gmail_oauth_failed') {
      toast({ variant: 'destructive', title: t.gmailOauthFailed, description: t.gmailOauthFailedText });
    } else if (success === 'google_connected') {
      toast({ title: t.googleConnected });
    } else if (success === 'gmail_connected') {
      toast({ title: t.gmailConnected });
    }
    window.history.replaceState(window.history.state, '', '/settings');
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    void queryClient.invalidateQueries({ queryKey: emailSettingsQueryKey });
  }, [queryClient]);
}
