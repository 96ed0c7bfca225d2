import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { SpinnerIcon } from '@web/components/ui/spinner-icon';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';

/**
 * An icon-only button whose name is both its aria-label and a tooltip for sighted mouse users.
 * `pending`: its action runs, so it is disabled and the spinner takes the icon's place (the icon-only
 * counterpart of PendingButton). A link (`asChild`) has no action of its own to wait for.
 */
export function IconAction({
  label,
  pending = false,
  disabled,
  children,
  ...props
}: ButtonProps & { label: string; pending?: boolean; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} {...props} disabled={pending || disabled}>
          {pending ? <SpinnerIcon /> : children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
