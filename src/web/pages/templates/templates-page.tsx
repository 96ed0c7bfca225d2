import { LayoutTemplate, Plus } from 'lucide-react';
import { Link } from 'wouter';
import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CardGridSkeleton } from '@web/features/events/components/event-card-skeleton';
import { LoadError } from '@web/components/load-error';
import { fill } from '@web/lib/fill-message';
import { useDialogTarget } from '@web/lib/use-dialog-target';
import { useDeleteTemplate } from '@web/features/templates/api/delete-template';
import { useTemplates } from '@web/features/templates/api/get-templates';
import { TemplateCard } from '@web/features/templates/components/template-card';
import { NEW_TEMPLATE_HREF } from '@web/features/templates/lib/template-routes';
import { errorMessage } from '@web/lib/api-client';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.templatesUi;

export default function TemplatesPage() {
  useDocumentTitle(nl.nav.templates);
  const templates = useTemplates();
  const removal = useDialogTarget<TemplateDto>();
  const remove = useDeleteTemplate({
    onSuccess: () => {
      removal.onOpenChange(false);
      toast({ title: t.deleted });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: nl.errors.genericTitle,
        description: errorMessage(error, t.deleteFailed),
      }),
  });

  const newButton = (label: string) => (
    <Button asChild>
      <Link href={NEW_TEMPLATE_HREF}>
        <Plus aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title={nl.nav.templates}
        description={nl.pages.templatesText}
        actions={newButton(t.newTemplate)}
      />
      {templates.isPending ? (
        <CardGridSkeleton label={t.loading} />
      ) : !templates.data ? (
        <LoadError
          error={templates.error}
          notFoundTitle={nl.clientErrors.loadFailed}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState
          icon={LayoutTemplate}
          title={t.emptyTitle}
          description={t.emptyText}
          action={newButton(t.newTemplate)}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {templates.data.map((template) => (
            <li key={template.id} className="grid">
              <TemplateCard template={template} onDelete={removal.show} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removal.open}
        onOpenChange={removal.onOpenChange}
        title={t.deleteTitle}
        description={fill(t.deleteText, { name: removal.target?.templateName ?? '' })}
        pending={remove.isPending}
        onConfirm={() => removal.target && remove.mutate(removal.target.id)}
      />
    </div>
  );
}
