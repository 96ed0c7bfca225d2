import { createElement, createRef, isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Slot } from './slot';

type Props = Record<string, unknown>;

/** The element Slot renders, for its merged props (called inside a render: Slot uses a hook). */
function slotted(slotProps: Props, child: ReactElement): ReactElement<Props> {
  let out: ReactElement<Props> | undefined;
  const Keep = () => {
    const el = Slot({ ...slotProps, children: child }) as ReactElement<Props>;
    out = el;
    return null;
  };
  renderToStaticMarkup(createElement(Keep));
  if (!out || !isValidElement(out)) throw new Error('Slot rendered nothing');
  return out;
}

describe('Slot (asChild)', () => {
  it('renders the child element with the given attributes, classes joined, the child’s own props winning', () => {
    const html = renderToStaticMarkup(
      createElement(
        Slot,
        { className: 'btn', 'data-slot': 'button', title: 'van de knop', type: 'button' },
        createElement('a', { href: '/events', className: 'extra', title: 'van de link' }, 'Diensten'),
      ),
    );
    expect(html).toBe(
      '<a href="/events" class="btn extra" title="van de link" data-slot="button" type="button">Diensten</a>',
    );
  });

  it('runs both click handlers, the child’s first, and returns the child’s result', () => {
    const calls: string[] = [];
    const el = slotted(
      { onClick: () => calls.push('slot') },
      createElement('a', { onClick: () => (calls.push('child'), 'child-result') }),
    );
    expect((el.props.onClick as () => unknown)()).toBe('child-result');
    expect(calls).toEqual(['child', 'slot']);
  });

  it('combines styles (the child’s win) and keeps a handler only one side has', () => {
    const onFocus = () => {};
    const el = slotted(
      { style: { color: 'red', margin: 1 }, onFocus },
      createElement('a', { style: { color: 'blue' } }),
    );
    expect(el.props.style).toEqual({ color: 'blue', margin: 1 });
    expect(el.props.onFocus).toBe(onFocus);
  });

  it('hands the node to both refs', () => {
    const outer = createRef<unknown>();
    const inner = createRef<unknown>();
    const el = slotted({ ref: outer }, createElement('a', { ref: inner }));
    const ref = el.props.ref as (node: unknown) => void;
    ref('node');
    expect(outer.current).toBe('node');
    expect(inner.current).toBe('node');
  });
});
