import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { useEffect, useState, type ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

/** Marks the app behind an open list inert, or clears it. */
function setAppInert(inert: boolean) {
  document.getElementById('root')?.toggleAttribute('inert', inert);
}

/**
 * While the list is open, Radix hides the rest of the page with aria-hidden and traps focus in the
 * list, but the page's controls stay focusable in the DOM: assistive technology (and axe's
 * aria-hidden-focus rule) sees hidden content that can take focus. `inert` on the app root removes
 * it from both; the list itself is portalled outside the root. It is cleared before Radix returns
 * focus to the trigger, and when the select unmounts while open.
 */
export function Select({ onOpenChange, ...props }: ComponentProps<typeof SelectPrimitive.Root>) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    setAppInert(true);
    return () => setAppInert(false);
  }, [open]);
  return (
    <SelectPrimitive.Root
      {...props}
      onOpenChange={(next) => {
        if (!next) setAppInert(false);
        setOpen(next);
        onOpenChange?.(next);
      }}
    />
  );
}
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

/** Give it an id (for <Label htmlFor>) or an aria-label: it is the control screen readers announce. */
export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap shadow-xs transition-[color,box-shadow] outline-none',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
        'aria-invalid:border-destructive-text data-[placeholder]:text-muted-foreground',
        '*:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * The open list. Two things keep a pick landing where it was aimed and the page usable right after:
 * - It closes at once, without a fade-out: while a closing list is still mounted Radix keeps the rest
 *   of the page aria-hidden and focus in the list, so Escape pressed just after a pick closed that
 *   list instead of the dialog around it, and the dialog read as absent.
 * - A long list scrolls with a visible scrollbar instead of Radix's scroll arrows: the up arrow
 *   mounted on the first scroll and pushed every option down by its height, so a click that started
 *   on one time could end on the time above it.
 */
export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-[8rem] overflow-x-hidden overflow-y-auto rounded-md border bg-popover text-popover-foreground shadow-md',
          'data-[state=open]:animate-fade-in',
          position === 'popper' &&
            'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport
          className={cn(
            // Radix hides the viewport's scrollbar with an attribute rule of its own; shown again here.
            'p-1 [scrollbar-width:thin]!',
            position === 'popper' &&
              'h-(--radix-select-trigger-height) w-full min-w-(--radix-select-trigger-width) scroll-my-1',
          )}
        >
          {children}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none',
        'focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon aria-hidden="true" className="size-4" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export function SelectSeparator({ className, ...props }: ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      className={cn('pointer-events-none -mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}
