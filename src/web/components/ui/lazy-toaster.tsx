import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToastShown, toastShown } from './toast-signal';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The toast stack, loaded with the first toast: Radix Toast and its layers are ~20 KB gzip that the
 * booking page (which rarely toasts) would otherwise load before anything else. Once loaded it stays
 * mounted, so later toasts show at once; the toasts shown before it loaded wait in the store.
 */
export function LazyToaster() {
  const needed = useSyncExternalStore(subscribeToastShown, toastShown, toastShown);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
