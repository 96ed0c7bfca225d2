import { useState } from 'react';
import type { CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Separator } from '@web/components/ui/separator';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';

const t = nl.categoriesUi;

/** Category management (docs/PRODUCT.md#events-overview): one form in create or edit mode above the list of categories. */
export function CategoryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [editing, setEditing] = useState<CategoryDto | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.text}</DialogDescription>
        </DialogHeader>
        {/* Keyed: choosing another category (or leaving edit mode) starts the form afresh. */}
        <CategoryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
        <Separator />
        <CategoryList
          editingId={editing?.id}
          onEdit={setEditing}
          onDeleted={(removedId) => editing?.id === removedId && setEditing(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
