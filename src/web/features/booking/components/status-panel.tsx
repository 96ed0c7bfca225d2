import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';

const tones = {
  neutral: 'bg-muted text-muted-foreground',
  success: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  danger: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300',
} as const;

/** A centred icon, heading and text: not-found, cancelled, success and failure states. */
export function StatusPanel({
  icon: Icon,
  tone = 'neutral',
  title,
  children,
  actions,
  focusTitle = false,
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /**
   * Move focus to the heading when the panel appears after the visitor acted (a confirmed booking, a
   * cancel): the control they used is gone, and focus would otherwise be lost on the page body.
   */
  focusTitle?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span
        aria-hidden="true"
        className={cn('flex size-14 items-center justify-center rounded-full', tones[tone])}
      >
        <Icon className="size-7" />
      </span>
      <div className="space-y-2">
        <h1
          ref={heading}
          tabIndex={focusTitle ? -1 : undefined}
          className="text-2xl font-semibold tracking-tight outline-none"
        >
          {title}
        </h1>
        {children && (
          <div className="mx-auto max-w-md text-sm text-balance text-muted-foreground">{children}</div>
        )}
      </div>
      {actions && (
        <div className="flex w-full flex-col-reverse justify-center gap-2 sm:w-auto sm:flex-row">
          {actions}
        </div>
      )}
    </div>
  );
}
