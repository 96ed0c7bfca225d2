import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Card heading of a settings section: icon, title, intro and an optional badge on the right. */
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
      <div className="grid flex-1 gap-1.5">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {aside && <div className="shrink-0">{aside}</div>}
    </CardHeader>
  );
}
