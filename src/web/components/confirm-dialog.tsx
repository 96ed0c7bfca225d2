import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { nl } from '@contracts/messages';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { PendingButton } from '@web/components/pending-button';

/**
 * A destructive confirmation (delete, cancel). It stays open while the call runs (the parent closes
 * it on success), so a failure can be retried without reopening it. Labels default to delete.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  note,
  keepLabel = nl.eventsUi.cancel,
  confirmLabel = nl.eventsUi.confirmDelete,
  pending,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  note?: ReactNode;
  keepLabel?: string;
  confirmLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes on closing, when there is no trigger to return to (preventDefault to take over). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {note && (
          <p className="flex gap-2 rounded-lg border bg-muted/50 p-3 text-sm">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span>{note}</span>
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{keepLabel}</AlertDialogCancel>
          <PendingButton variant="destructive" pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
