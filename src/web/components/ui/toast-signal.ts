/**
 * Whether a toast has been shown yet, for the lazily loaded toast stack (lazy-toaster.tsx). Apart from
 * the store (use-toast.ts), which loads with the code that shows toasts, so that the app shell and the
 * booking page's first load do not include it (issue 21, B1).
 */
let shown = false;
const listeners = new Set<() => void>();

export function announceToast(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

export function subscribeToastShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastShown = (): boolean => shown;
