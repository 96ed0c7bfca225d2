import { Send } from 'lucide-react';
import { useState } from 'react';
import { nl } from '@contracts/messages';
import { PendingButton } from '@web/components/pending-button';
import { toast } from '@web/components/ui/use-toast';
import { fill } from '@web/lib/fill-message';
import { errorMessage } from '@web/lib/api-client';
import { useSendTestMail } from '../api/send-test-mail';
import { SendResultStatus, type SendResult } from './send-result';

const t = nl.settingsUi;

/** Sends a real test message with the saved settings and shows what the server answered. */
export function TestMail({ email, dirty }: { email: string | null; dirty: boolean }) {
  const [result, setResult] = useState<SendResult>(null);
  const send = useSendTestMail({
    onSuccess: ({ message }) => {
      setResult({ ok: true, text: message });
      toast({ title: t.testMailSent, description: message });
    },
    onError: (error) => {
      const text = errorMessage(error, nl.settings.mailFailed);
      setResult({ ok: false, text });
      toast({ variant: 'destructive', title: t.testMailFailed, description: text });
    },
  });
  const hint = !email ? t.testMailNoEmail : dirty ? t.unsavedChanges : fill(t.testMailHint, { email });

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          variant="outline"
          onClick={() => {
            setResult(null);
            send.mutate();
          }}
          pending={send.isPending}
          disabled={!email}
          pendingLabel={t.testMailSending}
          icon={<Send aria-hidden="true" />}
          aria-describedby="test-mail-hint"
        >
          {t.testMail}
        </PendingButton>
        <p id="test-mail-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <SendResultStatus result={result} />
    </div>
  );
}
