import { nl } from '@contracts/messages';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { useLeaveQuestion } from '@web/lib/unsaved-changes';

const t = nl.unsavedChanges;

/**
 * The one 'Wijzigingen niet opgeslagen' question of the owner app (src/web/lib/unsaved-changes.ts),
 * mounted once in the layout so several dirty forms on a page still ask once. 'Blijven' is the
 * safe answer: Escape and the first focus choose it.
 */
export function UnsavedChangesDialog() {
  const question = useLeaveQuestion();
  return (
    <ConfirmDialog
      open={question.open}
      onOpenChange={(open) => !open && question.stay()}
      title={t.title}
      description={t.text}
      keepLabel={t.stay}
      confirmLabel={t.leave}
      pending={false}
      onConfirm={question.leave}
      onCloseAutoFocus={(event) => {
        const from = question.returnFocusTo();
        if (from) {
          event.preventDefault();
          from.focus();
        }
      }}
    />
  );
}
