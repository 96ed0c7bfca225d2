import { Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { copyWithToast } from '@web/lib/clipboard';
import { cn } from '@web/lib/utils';

interface CopyFieldProps {
  label: string;
  /** The copy button's accessible name ('Adres kopiëren'). */
  copyLabel: string;
  value: string;
  /** The toast after copying: its title and text. */
  copied: { title: string; text?: string };
  /** More actions beside the copy button (e.g. open the address). */
  children?: ReactNode;
}

/**
 * A read-only value with its label and a copy button (an address to share or subscribe to): the
 * whole value is selected on focus, so it can also be copied by hand.
 */
export function CopyField({ label, copyLabel, value, copied, children }: CopyFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className={cn('flex min-w-0 gap-2', children && 'flex-wrap sm:flex-nowrap')}>
        <Input
          id={id}
          readOnly
          value={value}
          className={cn('min-w-0 font-mono text-xs', children && 'basis-full sm:basis-auto')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label={copyLabel}
          onClick={() => void copyWithToast(value, copied.title, copied.text)}
        >
          <Copy aria-hidden="true" />
        </Button>
        {children}
      </div>
    </div>
  );
}
