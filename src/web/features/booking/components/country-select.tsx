import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { COUNTRIES, findCountry, DEFAULT_COUNTRY } from '@core/countries';
import { cn } from '@web/lib/utils';

/**
 * The phone field's country picker: an APG "select-only combobox" (no dependency), showing the
 * calling code that prefixes the number. The list is at most 300 px high (docs/PRODUCT.md#validation-public-booking) and scrolls.
 */
export function CountrySelect({
  value,
  onChange,
  label,
  invalid,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  invalid?: boolean;
}) {
  const id = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });
  const selectedIndex = Math.max(
    0,
    COUNTRIES.findIndex((c) => c.code === value),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(selectedIndex);
  const country = findCountry(value) ?? findCountry(DEFAULT_COUNTRY)!;
  const optionId = (i: number) => `${id}-opt-${i}`;

  // Keep the active option visible inside the list without scrolling the page (or a host page).
  useEffect(() => {
    const list = listRef.current;
    const option = list?.children[active] as HTMLElement | undefined;
    if (!open || !list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [open, active]);

  const openList = () => {
    setActive(selectedIndex);
    setOpen(true);
  };
  const choose = (i: number) => {
    const c = COUNTRIES[i];
    if (c) onChange(c.code);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const last = COUNTRIES.length - 1;
    const moves: Record<string, (i: number) => number> = {
      ArrowDown: (i) => Math.min(last, i + 1),
      ArrowUp: (i) => Math.max(0, i - 1),
      Home: () => 0,
      End: () => last,
      PageDown: (i) => Math.min(last, i + 8),
      PageUp: (i) => Math.max(0, i - 8),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) return openList();
      setActive(move);
      if (!open) setOpen(true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (open) choose(active);
      else openList();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Tab' && open) {
      choose(active);
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      // Type-ahead on the country name.
      const now = Date.now();
      typed.current = {
        text: (now - typed.current.at < 700 ? typed.current.text : '') + e.key.toLowerCase(),
        at: now,
      };
      const match = COUNTRIES.findIndex((c) => c.name.toLowerCase().startsWith(typed.current.text));
      if (match >= 0) {
        setActive(match);
        if (!open) setOpen(true);
      }
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        role="combobox"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className={cn(
          'flex h-10 items-center gap-1 rounded-l-md border border-r-0 bg-muted/60 px-2.5 text-sm font-medium tabular-nums outline-none transition-[color,box-shadow]',
          'focus-visible:relative focus-visible:z-10 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
          invalid ? 'border-destructive-text' : 'border-input',
        )}
      >
        <span>{country.code}</span>
        <span className="text-muted-foreground">+{country.callingCode}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')}
        />
      </button>
      <ul
        ref={listRef}
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute top-full left-0 z-30 mt-1 max-h-[300px] w-64 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {COUNTRIES.map((c, i) => (
          <li
            key={c.code}
            id={optionId(i)}
            role="option"
            aria-selected={c.code === country.code}
            // Keep focus on the combobox while clicking an option.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
            onMouseMove={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-1.5 text-sm',
              i === active && 'bg-accent text-accent-foreground',
              c.code === country.code && 'font-semibold',
            )}
          >
            <span>{c.name}</span>
            <span className="text-muted-foreground tabular-nums">+{c.callingCode}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
