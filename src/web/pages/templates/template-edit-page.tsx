import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { nl } from '@contracts/messages';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { FormSkeleton } from '@web/features/events/components/form-skeleton';
import { LoadError } from '@web/components/load-error';
import { useTemplate } from '@web/features/templates/api/get-template';
import { TemplateForm } from '@web/features/templates/components/template-form';
import { defaultTemplateValues, templateToValues } from '@web/features/templates/lib/template-form-model';
import { NEW_TEMPLATE_ID } from '@web/features/templates/lib/template-routes';
import { useDocumentTitle } from '@web/lib/use-document-title';

/**
 * /templates/:id/edit edits a template; /templates/new/edit (id 'new', see template-routes.ts) creates
 * one from scratch, because the spec's route table has no separate create route for templates.
 */
export default function TemplateEditPage() {
  const { id = NEW_TEMPLATE_ID } = useParams<{ id: string }>();
  const isNew = id === NEW_TEMPLATE_ID;
  const title = isNew ? nl.templatesUi.newTitle : nl.pages.editTemplate;
  useDocumentTitle(title);
  return (
    <Frame title={title} description={isNew ? nl.templatesUi.newText : nl.pages.templateEditText}>
      {isNew ? <TemplateForm initial={defaultTemplateValues} /> : <EditTemplate key={id} id={id} />}
    </Frame>
  );
}

function EditTemplate({ id }: { id: string }) {
  const template = useTemplate(id);
  // Once loaded the form stays: a failed background refresh must not throw away what is being typed.
  if (template.data) {
    const loaded = template.data;
    return <TemplateForm templateId={id} initial={() => templateToValues(loaded)} />;
  }
  if (template.isError) {
    return (
      <LoadError
        error={template.error}
        notFoundTitle={nl.eventRules.templateNotFound}
        onRetry={() => void template.refetch()}
        action={
          <Button asChild>
            <Link href="/templates">{nl.templatesUi.back}</Link>
          </Button>
        }
      />
    );
  }
  return <FormSkeleton withHeader={false} />;
}

function Frame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Link
          href="/templates"
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {nl.templatesUi.back}
        </Link>
        <PageHeader title={title} description={description} />
      </div>
      {children}
    </div>
  );
}
