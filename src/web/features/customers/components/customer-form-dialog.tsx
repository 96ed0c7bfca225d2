import { GitMerge, UserRound } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  createCustomerBody,
  updateCustomerBody,
  type CreateCustomerBody,
  type CustomerDetail,
  type UpdateCustomerBody,
} from '@contracts/customers';
import { nl } from '@contracts/messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { SwitchRow } from '@web/components/switch-row';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { describeError } from '@web/lib/api-client';
import { customerPath } from '@web/lib/customer-paths';
import { fill } from '@web/lib/fill-message';
import { applyServerFieldErrors, contractResolver, messageAt } from '@web/lib/form-errors';
import { useState } from 'react';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';
import {
  createBody,
  customerFormValues,
  EMPTY_CUSTOMER_FORM,
  updateBody,
  type CustomerFormValues,
} from '../lib/customer-form';
import { emailTakenBy } from '../lib/customer-text';

const t = nl.customersUi;
const FIELDS = ['name', 'email', 'phone', 'birthDate', 'tags', 'marketingConsent'] as const;

export interface OtherCustomer {
  customerId: string;
  customerName: string;
}

/**
 * 'Nieuwe klant' (without `customer`) or 'Klant bewerken'. An address that is another customer's is
 * refused with 409: the message shows under the e-mail field, with the way out beside it (merging
 * the two from an edit, that customer's card from a new one).
 */
export function CustomerFormDialog({
  customer,
  open,
  onOpenChange,
  onCreated,
  onMerge,
}: {
  customer?: CustomerDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (card: CustomerDetail) => void;
  /** From an edit: merge this customer with the one whose address it is. */
  onMerge?: (other: OtherCustomer) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        {open && (
          <CustomerForm
            key={customer?.id ?? 'new'}
            customer={customer}
            onDone={() => onOpenChange(false)}
            onCreated={onCreated}
            onMerge={onMerge}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CustomerForm({
  customer,
  onDone,
  onCreated,
  onMerge,
}: {
  customer?: CustomerDetail;
  onDone: () => void;
  onCreated?: (card: CustomerDetail) => void;
  onMerge?: (other: OtherCustomer) => void;
}) {
  const [taken, setTaken] = useState<OtherCustomer | null>(null);
  const form = useForm<CustomerFormValues, unknown, CreateCustomerBody | UpdateCustomerBody>({
    defaultValues: customer ? customerFormValues(customer) : EMPTY_CUSTOMER_FORM,
    resolver: customer
      ? contractResolver(updateCustomerBody, (v: CustomerFormValues) => updateBody(v, customer))
      : contractResolver(createCustomerBody, createBody),
  });
  const errors = form.formState.errors;
  const onError = (error: Error) => {
    setTaken(emailTakenBy(error));
    const shown = applyServerFieldErrors(error, form.setError, FIELDS);
    if (!shown.length) form.setError('root', { type: 'server', message: describeError(error) });
    toast({ variant: 'destructive', title: t.saveFailed, description: describeError(error) });
  };
  const create = useCreateCustomer({
    onSuccess: (card) => {
      toast({ title: t.created, description: fill(t.createdText, { name: card.name }) });
      onDone();
      onCreated?.(card);
    },
    onError,
  });
  const update = useUpdateCustomer({
    onSuccess: (card) => {
      toast({ title: t.updated, description: fill(t.updatedText, { name: card.name }) });
      onDone();
    },
    onError,
  });
  const pending = create.isPending || update.isPending;
  const submit = form.handleSubmit((body) => {
    setTaken(null);
    if (customer) update.mutate({ id: customer.id, body: body as UpdateCustomerBody });
    else create.mutate(body as CreateCustomerBody);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{customer ? t.editTitle : t.createTitle}</DialogTitle>
        <DialogDescription>
          {customer ? fill(t.editText, { name: customer.name }) : t.createText}
        </DialogDescription>
      </DialogHeader>
      <FormField label={t.name} error={messageAt(errors, 'name')}>
        {(props) => <Input {...props} autoComplete="off" {...form.register('name')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`${t.email} ${t.optional}`}
          error={messageAt(errors, 'email')}
          className="content-start"
        >
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="off"
              {...form.register('email', { onChange: () => setTaken(null) })}
            />
          )}
        </FormField>
        <FormField
          label={`${t.phone} ${t.optional}`}
          hint={t.phoneHint}
          error={messageAt(errors, 'phone')}
          className="content-start"
        >
          {(props) => <Input {...props} type="tel" autoComplete="off" {...form.register('phone')} />}
        </FormField>
      </div>
      {taken && (
        <div className="-mt-2 flex flex-wrap gap-2">
          {customer && onMerge ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                onDone();
                onMerge(taken);
              }}
            >
              <GitMerge aria-hidden="true" />
              {fill(t.mergeWith, { name: taken.customerName })}
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <Link href={customerPath(taken.customerId)} onClick={onDone}>
                <UserRound aria-hidden="true" />
                {fill(t.openExisting, { name: taken.customerName })}
              </Link>
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`${t.birthDate} ${t.optional}`}
          error={messageAt(errors, 'birthDate')}
          className="content-start"
        >
          {(props) => <Input {...props} type="date" {...form.register('birthDate')} />}
        </FormField>
        <FormField
          label={`${t.tags} ${t.optional}`}
          hint={t.tagsHint}
          error={messageAt(errors, 'tags') ?? firstTagError(errors.tags)}
          className="content-start"
        >
          {(props) => <Input {...props} autoComplete="off" {...form.register('tags')} />}
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="marketingConsent"
        render={({ field }) => (
          <SwitchRow
            label={t.marketingConsent}
            hint={t.marketingConsentHint}
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />
      {errors.root?.message && (
        <p
          role="alert"
          className="rounded-md border border-destructive-text/30 bg-destructive/5 p-3 text-sm text-destructive-text"
        >
          {errors.root.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t.cancel}
        </Button>
        <PendingButton type="submit" pending={pending} pendingLabel={customer ? t.saving : t.creating}>
          {customer ? t.save : t.create}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}

/** One tag's message (too long, empty) sits below the list's path ('tags.2'): show it on the field. */
function firstTagError(tags: unknown): string | undefined {
  if (!tags || typeof tags !== 'object') return undefined;
  for (const value of Object.values(tags as Record<string, unknown>)) {
    const message = messageAt(value);
    if (message) return message;
  }
  return undefined;
}
