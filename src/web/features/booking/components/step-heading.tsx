import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a wizard step. When the visitor moved here from another step, focus lands on the
 * heading so keyboard and screen-reader users continue at the new content.
 */
export function StepHeading({ title, text, focus }: { title: string; text?: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="mb-5 space-y-1">
      <h2
        id="step-title"
        ref={ref}
        tabIndex={-1}
        className="text-lg font-semibold tracking-tight outline-none sm:text-xl"
      >
        {title}
      </h2>
      {text && <p className="text-sm text-muted-foreground">{text}</p>}
    </div>
  );
}
