import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Card heading of a settings section (the settings feature's cards and the agendas card): icon, title, intro and an optional badge beside the title. */
export function SettingsCardHeader({
  icon: Icon,
  title,
  description,
  aside,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <CardHeader className="flex-row items-start gap-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground"
      >
        <Icon className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        {/* The badge shares the title's line and wraps below it on a phone, so the intro keeps its width. */}
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          <CardTitle>{title}</CardTitle>
          {aside}
        </div>
        <CardDescription>{description}</CardDescription>
      </div>
    </CardHeader>
  );
}
