import { Save } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';

/** Cancel and submit, sticky at the bottom of long tabbed forms so saving is always in reach. */
export function FormFooter({
  cancelHref,
  cancelLabel,
  submitLabel,
  pendingLabel,
  pending,
}: {
  cancelHref: string;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-2 border-t bg-background/90 px-4 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:mx-0 sm:rounded-lg sm:border">
      <Button asChild variant="outline">
        <Link href={cancelHref}>{cancelLabel}</Link>
      </Button>
      <PendingButton
        type="submit"
        pending={pending}
        pendingLabel={pendingLabel}
        icon={<Save aria-hidden="true" />}
        className="max-sm:flex-1"
      >
        {submitLabel}
      </PendingButton>
    </div>
  );
}
