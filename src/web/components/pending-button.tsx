import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { SpinnerIcon } from '@web/components/ui/spinner-icon';

/** No `asChild`: the spinner beside the label would give Slot more than one child. */
export type PendingButtonProps = Omit<ButtonProps, 'asChild'> & {
  /** The button's action runs: the button is disabled and shows the spinner. */
  pending: boolean;
  /** Shown instead of the children while pending; without it the children stay. */
  pendingLabel?: ReactNode;
  /** Shown before the label when not pending; the spinner takes its place while pending. */
  icon?: ReactNode;
};

/**
 * A button whose action runs (a save, a send, an add): one pattern for all of them, so each is
 * disabled while it runs and shows the same spinner, instead of every form writing it by hand.
 */
export function PendingButton({
  pending,
  pendingLabel,
  icon,
  disabled,
  children,
  ...props
}: PendingButtonProps) {
  return (
    <Button {...props} disabled={pending || disabled}>
      {pending ? <SpinnerIcon /> : icon}
      {pending ? (pendingLabel ?? children) : children}
    </Button>
  );
}
