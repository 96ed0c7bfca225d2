import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';

/**
 * A destructive confirmation on the native `<dialog>`, for the public pages: the owner pages'
 * `ConfirmDialog` brings Radix and the owner's texts, which a customer's phone should not load.
 * `showModal()` makes the rest of the page inert and keeps focus inside; focus starts on the keep
 * button, Escape keeps (unless the call runs), and on closing focus goes back to where it was.
 * It stays open while the call runs (the parent closes it), so a failure can be retried.
 * The caller passes every text (the public pages' messages).
 */
export function NativeConfirmDialog({
  open,
  onClose,
  title,
  description,
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  /** Asked to close: the keep button, Escape. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // The element that had focus before opening (the button that asked); it gets focus back.
  const opener = useRef<HTMLElement | null>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;

  // A layout effect: the dialog closes (and the page stops being inert) before the page's own effects
  // run, so a panel that appears with the confirmed action can take focus (StatusPanel focusTitle).
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      // React does not write `autoFocus` as an attribute, so showModal() cannot find it: focus by hand.
      keep.current?.focus();
    } else if (!open && el.open) {
      el.close();
      // The opener may be gone (the page changed after a confirmed action): then the page places focus.
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides (it keeps the dialog while the call runs).
        event.preventDefault();
        if (!pending) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50"
    >
      {/* Its content only while open: a closed dialog adds no second copy of the page's texts. */}
      {open && (
        <div className="grid gap-4 p-6">
          <div className="grid gap-2 text-center sm:text-left">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="text-sm text-muted-foreground">
                {description}
              </div>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button ref={keep} variant="outline" onClick={onClose} disabled={pending}>
              {keepLabel}
            </Button>
            <PendingButton
              variant="destructive"
              pending={pending}
              pendingLabel={pendingLabel}
              onClick={onConfirm}
            >
              {confirmLabel}
            </PendingButton>
          </div>
        </div>
      )}
    </dialog>
  );
}
