import { FormField } from '@web/components/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { cn } from '@web/lib/utils';

/** One labelled choice of a fixed list (how often a series repeats, a text message's channel). */
export function ChoiceSelect<V extends string>({
  label,
  hint,
  error,
  value,
  onChange,
  choices,
  className,
}: {
  label: string;
  hint?: string;
  error?: string;
  value: V;
  onChange: (value: V) => void;
  choices: ReadonlyArray<readonly [V, string]>;
  /** The trigger's width; the full width of its column when not given. */
  className?: string;
}) {
  return (
    <FormField label={label} hint={hint} error={error} className="content-start">
      {(props) => (
        <Select value={value} onValueChange={(v) => onChange(v as V)}>
          <SelectTrigger {...props} className={cn('w-full', className)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map(([v, text]) => (
              <SelectItem key={v} value={v}>
                {text}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}
