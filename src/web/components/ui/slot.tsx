import {
  Children,
  cloneElement,
  isValidElement,
  useMemo,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

type Props = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** One callback for both refs (the caller's and the child's own), stable while they are. */
function useBothRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  return useMemo<Ref<T> | undefined>(() => {
    if (!a || !b) return a ?? b;
    const both: RefCallback<T> = (node) => {
      setRef(a, node);
      setRef(b, node);
    };
    return both;
  }, [a, b]);
}

/**
 * Renders its one child element with the props given here merged in (`asChild` on Button and Badge:
 * a link that looks like a button). Merged as Radix's Slot does: both event handlers run (the child's
 * first), styles and classes are combined, both refs get the node, the child's other props win. Our
 * own instead of Radix's because the booking page's first load includes Button (issue 21, B1).
 */
export function Slot({ children, ref, ...slotProps }: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = Children.only(children);
  const childProps = isValidElement<Props>(child) ? child.props : {};
  const composedRef = useBothRefs(ref, childProps.ref as Ref<unknown> | undefined);
  if (!isValidElement<Props>(child)) return null;
  const merged: Props = { ...slotProps, ...childProps };
  for (const [name, slotValue] of Object.entries(slotProps)) {
    const childValue = childProps[name];
    if (childValue === undefined) continue;
    if (/^on[A-Z]/.test(name) && typeof slotValue === 'function' && typeof childValue === 'function')
      merged[name] = (...args: unknown[]) => {
        const result: unknown = childValue(...args);
        slotValue(...args);
        return result;
      };
    else if (name === 'style') merged.style = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'className') merged.className = [slotValue, childValue].filter(Boolean).join(' ');
  }
  merged.ref = composedRef;
  return cloneElement(child, merged);
}
