import { LoaderCircle, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { fieldErrorsFromIssues } from '@contracts/errors';
import { categoryBody, type CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Separator } from '@web/components/ui/separator';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { ColorField } from '@web/components/color-field';
import { IconAction } from '@web/components/icon-action';
import { InlineError } from '@web/components/form-messages';
import { errorsFromApi, type FieldErrors } from '@web/lib/field-errors';
import { fill } from '@web/lib/fill-message';
import { errorMessage } from '@web/lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { categoryBadgeStyle } from '@web/lib/badge-style';

const t = nl.categoriesUi;

/** Category management (spec §2.5): one form in create or edit mode above a 300 px scrolling list. */
export function CategoryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const categories = useCategories();
  const [editing, setEditing] = useState<CategoryDto | null>(null);
  const [name, setName] = useState('');
  const [color, setColor] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const toCreateMode = () => {
    setEditing(null);
    setName('');
    setColor('');
    setErrors({});
  };
  const failed = (fallback: string) => (error: unknown) => {
    setErrors(errorsFromApi(error));
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: errorMessage(error, fallback),
    });
  };
  const create = useCreateCategory({
    onSuccess: () => {
      toCreateMode();
      toast({ title: t.created });
    },
    onError: failed(t.saveFailed),
  });
  const update = useUpdateCategory({
    onSuccess: () => {
      toCreateMode();
      toast({ title: t.updated });
    },
    onError: failed(t.saveFailed),
  });
  const remove = useDeleteCategory({
    onSuccess: (_data, removedId) => {
      if (editing?.id === removedId) toCreateMode();
      toast({ title: t.deleted });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.deleteFailed),
      }),
  });

  const pending = create.isPending || update.isPending;
  // Spec §5: the name must be non-empty after trimming, otherwise add/update stay disabled.
  const canSubmit = name.trim() !== '' && !pending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    // A blank colour is left out of the payload, so the server keeps its default (or the current colour).
    const body = { name: name.trim(), ...(color.trim() ? { color: color.trim() } : {}) };
    const parsed = categoryBody.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrorsFromIssues(parsed.error.issues));
    if (editing) update.mutate({ id: editing.id, body });
    else create.mutate(body);
  };

  const startEdit = (category: CategoryDto) => {
    setEditing(category);
    setName(category.name);
    setColor(category.color);
    setErrors({});
    nameRef.current?.focus();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) toCreateMode();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.text}</DialogDescription>
        </DialogHeader>

        <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-form-heading`}>
          <h3 id={`${id}-form-heading`} className="text-sm font-semibold">
            {editing ? t.editHeading : t.newHeading}
          </h3>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_13rem]">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-name`}>{t.name}</Label>
              <Input
                ref={nameRef}
                id={`${id}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t.namePlaceholder}
                maxLength={100}
                aria-invalid={!!errors.name}
                aria-describedby={errors.name ? `${id}-name-error` : undefined}
              />
              <InlineError id={`${id}-name-error`} message={errors.name} />
            </div>
            <ColorField
              label={t.color}
              pickerLabel={t.colorPicker}
              value={color}
              onChange={(value) => {
                setColor(value);
                setErrors((e) => ({ ...e, color: '' }));
              }}
              placeholder={t.colorPlaceholder}
              error={errors.color || undefined}
            />
          </div>
          <div className="flex justify-end gap-2">
            {editing && (
              <Button variant="outline" onClick={toCreateMode} disabled={pending}>
                {t.cancelEdit}
              </Button>
            )}
            <Button type="submit" disabled={!canSubmit}>
              {pending ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                !editing && <Plus aria-hidden="true" />
              )}
              {editing ? t.update : t.add}
            </Button>
          </div>
        </form>

        <Separator />

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
                    data-editing={editing?.id === category.id}
                  >
                    <Badge className="max-w-[70%] truncate" style={categoryBadgeStyle(category.color)}>
                      {category.name}
                    </Badge>
                    <div className="flex items-center gap-0.5">
                      <IconAction
                        label={fill(t.edit, { name: category.name })}
                        onClick={() => startEdit(category)}
                      >
                        <Pencil aria-hidden="true" />
                      </IconAction>
                      <IconAction
                        label={fill(t.delete, { name: category.name })}
                        disabled={remove.isPending && remove.variables === category.id}
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
      </DialogContent>
    </Dialog>
  );
}
