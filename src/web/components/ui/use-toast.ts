import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastVariantProps } from './toast';
import { announceToast } from './toast-signal';

/** docs/PRODUCT.md#constants: one toast visible at a time; a dismissed toast is removed from memory after 1000000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariantProps['variant'];
  action?: ToastActionElement;
  /** Display time in ms; defaults to the provider's 5000 ms. */
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface ToastState {
  toasts: ToasterToast[];
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: ToastState) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Closes one toast, or all when no id is given; closed toasts stay in memory until their removal delay. */
export function dismissToast(id?: string): void {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

function updateToast(id: string, options: ToastOptions) {
  setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...options } : t)) });
}

/** Shows a toast; the newest replaces the one on screen (TOAST_LIMIT). */
export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (o: ToastOptions) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const dismiss = () => dismissToast(id);
  const next: ToasterToast = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss();
    },
  };
  setState({ toasts: [next, ...state.toasts].slice(0, TOAST_LIMIT) });
  announceToast();
  return { id, dismiss, update: (o) => updateToast(id, o) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** The toasts currently held (open and dismissed-but-not-removed); for tests and non-React code. */
export const getToasts = (): readonly ToasterToast[] => state.toasts;

export function useToast() {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: snapshot.toasts, toast, dismiss: dismissToast };
}
