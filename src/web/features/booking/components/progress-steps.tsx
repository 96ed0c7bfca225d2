import { Check } from 'lucide-react';
import { nlPublic as nl } from '@contracts/messages-public';
import { fill } from '@web/lib/fill-message';
import { cn } from '@web/lib/utils';
import type { StepId } from '../lib/wizard-state';

/** The numbered progress bar: done steps get a check, the current one aria-current="step". */
export function ProgressSteps({ steps, current }: { steps: StepId[]; current: StepId }) {
  const currentIndex = steps.indexOf(current);
  return (
    <nav aria-label={nl.wizard.progressLabel}>
      <ol className="flex">
        {steps.map((step, i) => {
          const done = i < currentIndex;
          const active = i === currentIndex;
          return (
            <li
              key={step}
              aria-current={active ? 'step' : undefined}
              className="relative flex flex-1 flex-col items-center gap-1.5"
            >
              {i > 0 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-4 right-[calc(50%+1.25rem)] left-[calc(-50%+1.25rem)] h-0.5 -translate-y-1/2 rounded-full',
                    i <= currentIndex ? 'bg-primary' : 'bg-border',
                  )}
                />
              )}
              <span
                className={cn(
                  'flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold tabular-nums transition-colors',
                  done && 'border-primary bg-primary text-primary-foreground',
                  active &&
                    'border-primary bg-background text-(--bk-accent) ring-4 ring-primary/15 dark:text-(--bk-accent-dark)',
                  !done && !active && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? (
                  <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                ) : (
                  <span aria-hidden="true">{i + 1}</span>
                )}
                <span className="sr-only">
                  {fill(nl.wizard.stepOf, { current: i + 1, total: steps.length })}:{' '}
                </span>
              </span>
              <span
                className={cn(
                  'text-center text-[0.6875rem] leading-tight sm:text-xs',
                  active ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {nl.wizard.steps[step]}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
