import { Plus } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { categoryBody, type CategoryBody, type CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { ColorField } from '@web/components/color-field';
import { InlineError } from '@web/components/form-messages';
import { Button } from '@web/components/ui/button';
import { PendingButton } from '@web/components/pending-button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@web/lib/form-errors';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';

const t = nl.categoriesUi;

interface CategoryFormValues {
  name: string;
  color: string;
}

/** A blank colour is left out of the payload, so the server keeps its default (or the current colour). */
const toBody = (v: CategoryFormValues) => ({
  name: v.name.trim(),
  ...(v.color.trim() ? { color: v.color.trim() } : {}),
});
const resolver = contractResolver<CategoryFormValues, CategoryBody>(categoryBody, toBody);

/** Adds a category, or edits `editing` (docs/PRODUCT.md#events-overview); `onDone` leaves edit mode. */
export function CategoryForm({ editing, onDone }: { editing: CategoryDto | null; onDone: () => void }) {
  const id = useId();
  const blank = { name: '', color: '' };
  const form = useForm<CategoryFormValues, unknown, CategoryBody>({
    defaultValues: editing ? { name: editing.name, color: editing.color } : blank,
    resolver,
  });
  const { errors } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });

  // Editing starts in the name field (the form is keyed by the category being edited).
  const { setFocus } = form;
  useEffect(() => {
    if (editing) setFocus('name');
  }, [editing, setFocus]);

  const failed = (error: Error) => {
    applyServerFieldErrors(error, form.setError, ['name', 'color']);
    toast({
      variant: 'destructive',
      title: nl.errors.genericTitle,
      description: errorMessage(error, t.saveFailed),
    });
  };
  const create = useCreateCategory({
    onSuccess: () => {
      form.reset(blank);
      toast({ title: t.created });
    },
    onError: failed,
  });
  const update = useUpdateCategory({
    onSuccess: () => {
      onDone();
      toast({ title: t.updated });
    },
    onError: failed,
  });

  const pending = create.isPending || update.isPending;
  // docs/PRODUCT.md#validation-categories: the name must be non-empty after trimming, otherwise add/update stay disabled.
  const canSubmit = name.trim() !== '' && !pending;
  const submit = form.handleSubmit((body) => {
    if (!canSubmit) return;
    if (editing) update.mutate({ id: editing.id, body });
    else create.mutate(body);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-form-heading`}>
      <h3 id={`${id}-form-heading`} className="text-sm font-semibold">
        {editing ? t.editHeading : t.newHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_13rem]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>{t.name}</Label>
          <Input
            id={`${id}-name`}
            {...form.register('name')}
            placeholder={t.namePlaceholder}
            maxLength={100}
            aria-invalid={!!errors.name}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <InlineError id={`${id}-name-error`} message={errors.name?.message} />
        </div>
        <Controller
          control={form.control}
          name="color"
          render={({ field, fieldState }) => (
            <ColorField
              label={t.color}
              pickerLabel={t.colorPicker}
              value={field.value}
              onChange={field.onChange}
              placeholder={t.colorPlaceholder}
              error={fieldState.error?.message}
            />
          )}
        />
      </div>
      <div className="flex justify-end gap-2">
        {editing && (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            {t.cancelEdit}
          </Button>
        )}
        <PendingButton
          type="submit"
          pending={pending}
          disabled={!canSubmit}
          icon={!editing && <Plus aria-hidden="true" />}
        >
          {editing ? t.update : t.add}
        </PendingButton>
      </div>
    </form>
  );
}
