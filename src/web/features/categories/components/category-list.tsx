import { Pencil, Tags, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { InlineError } from '@web/components/form-messages';
import { IconAction } from '@web/components/icon-action';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { categoryBadgeStyle } from '@web/lib/badge-style';
import { fill } from '@web/lib/fill-message';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';

const t = nl.categoriesUi;

/** The owner's categories in a 300 px scrolling list, each with edit and delete (docs/PRODUCT.md#events-overview). */
export function CategoryList({
  editingId,
  onEdit,
  onDeleted,
}: {
  /** The category the form above edits, highlighted. */
  editingId: string | undefined;
  onEdit: (category: CategoryDto) => void;
  onDeleted: (id: string) => void;
}) {
  const id = useId();
  const categories = useCategories();
  const remove = useDeleteCategory({
    onSuccess: (_data, removedId) => {
      onDeleted(removedId);
      toast({ title: t.deleted });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.deleteFailed),
      }),
  });

  return (
    <section aria-labelledby={`${id}-list-heading`} className="grid min-w-0 gap-2">
      <h3 id={`${id}-list-heading`} className="text-sm font-semibold">
        {t.list}
      </h3>
      <div className="h-[300px] overflow-y-auto rounded-lg border">
        {categories.isPending ? (
          <div role="status" className="grid gap-2 p-3">
            <span className="sr-only">{nl.layout.loading}</span>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : categories.isError && !categories.data ? (
          <InlineError message={nl.clientErrors.loadFailed} className="p-4" />
        ) : categories.data.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
            <Tags aria-hidden="true" className="size-6" />
            {t.empty}
          </div>
        ) : (
          <ul className="divide-y">
            {categories.data.map((category) => (
              <li
                key={category.id}
                className="flex items-center justify-between gap-3 px-3 py-2 data-[editing=true]:bg-brand-soft/50"
                data-editing={editingId === category.id}
              >
                <Badge className="max-w-[70%] truncate" style={categoryBadgeStyle(category.color)}>
                  {category.name}
                </Badge>
                <div className="flex items-center gap-0.5">
                  <IconAction label={fill(t.edit, { name: category.name })} onClick={() => onEdit(category)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={fill(t.delete, { name: category.name })}
                    pending={remove.isPending && remove.variables === category.id}
                    onClick={() => remove.mutate(category.id)}
                    className="text-destructive-text hover:bg-destructive/10 hover:text-destructive-text"
                  >
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
