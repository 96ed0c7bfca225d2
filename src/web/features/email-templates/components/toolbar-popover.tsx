import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { ToolbarButton } from './toolbar-button';

/** A toolbar button that opens a small panel (colour or link). Escape or a click outside closes it. */
export function ToolbarPopover({
  label,
  icon,
  open,
  onOpenChange,
  disabled,
  children,
  className,
}: {
  label: string;
  icon: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <ToolbarButton label={label} disabled={disabled}>
          {icon}
        </ToolbarButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label={label}
          className={cn(
            'z-50 grid w-64 gap-3 rounded-lg border bg-popover p-3 text-popover-foreground shadow-md outline-none',
            'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
            className,
          )}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
