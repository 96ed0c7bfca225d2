import { BellRing, CalendarClock, CalendarX2, CircleCheck, type LucideIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { todayInZone } from '@core/index';
import { PageHeader } from '@web/components/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useCurrentUser } from '@web/lib/current-user';
import { confirmLeave } from '@web/lib/unsaved-changes';
import { LoadError } from '@web/components/load-error';
import { useEmailTemplates } from '@web/features/email-templates/api/get-email-templates';
import { RemindersPanel } from '@web/features/email-templates/components/reminders-panel';
import { SingleTemplatePanel } from '@web/features/email-templates/components/single-template-panel';
import { sampleValues } from '@web/features/email-templates/lib/sample-values';
import { useEmailSettings } from '@web/features/settings/api/get-email-settings';
import { useDocumentTitle } from '@web/lib/use-document-title';

const t = nl.emailTemplatesUi;
const ICONS: Record<EmailTemplateType, LucideIcon> = {
  confirmation: CircleCheck,
  modification: CalendarClock,
  cancellation: CalendarX2,
  reminder: BellRing,
};

export default function EmailTemplatesPage() {
  useDocumentTitle(nl.nav.emailTemplates);
  const user = useCurrentUser();
  const templates = useEmailTemplates();
  const [tab, setTab] = useState<EmailTemplateType>('confirmation');
  const fromName = useEmailSettings().data?.fromName;
  const today = todayInZone(new Date(), user.timeZone);
  const sample = useMemo(
    () => sampleValues(today, fromName || user.username, window.location.origin),
    [today, fromName, user.username],
  );
  const byType = (type: EmailTemplateType) =>
    (templates.data ?? [])
      .filter((tpl) => tpl.templateType === type)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={nl.nav.emailTemplates} description={nl.pages.emailTemplatesText} />
      {templates.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-4">
          <span className="sr-only">{t.loading}</span>
          <Skeleton className="h-10 w-full max-w-lg" />
          <Skeleton className="h-[560px] w-full rounded-xl" />
        </div>
      ) : !templates.data ? (
        <LoadError error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <Tabs
          value={tab}
          // The inactive tab's editor unmounts: a draft with unsaved changes asks before it is dropped.
          // Tabs open on Enter or a click, not on focus: after 'Blijven' focus returns to the tab
          // that asked, which must not ask again.
          activationMode="manual"
          onValueChange={(next) => confirmLeave(() => setTab(next as EmailTemplateType))}
          className="gap-6"
        >
          <TabsList aria-label={t.tabsLabel}>
            {EMAIL_TEMPLATE_TYPES.map((type) => {
              const Icon = ICONS[type];
              return (
                <TabsTrigger key={type} value={type}>
                  <Icon aria-hidden="true" />
                  {t.tabs[type]}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {EMAIL_TEMPLATE_TYPES.map((type) => (
            <TabsContent key={type} value={type}>
              {type === 'reminder' ? (
                <RemindersPanel reminders={byType('reminder')} sample={sample} />
              ) : (
                <SingleTemplatePanel type={type} template={byType(type)[0]} sample={sample} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
