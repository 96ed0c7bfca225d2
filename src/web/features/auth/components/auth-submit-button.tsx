import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import { PendingButton } from '@web/components/pending-button';

/** The full-width submit of the sign-in, sign-up and password forms: all four say the same while they run. */
export function AuthSubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <PendingButton
      type="submit"
      size="lg"
      className="w-full"
      pending={pending}
      pendingLabel={nl.auth.pending}
    >
      {children}
    </PendingButton>
  );
}
