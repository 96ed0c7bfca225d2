/**
 * The first popstate listener of the page, added by main.tsx before the first render so it runs
 * before wouter's (listeners on one target run in the order they were added). It does nothing until
 * the owner area's unsaved-changes guard (unsaved-changes.ts) hands it its handler: the public pages
 * do not download that guard, only this slot.
 */
let handler: ((event: PopStateEvent) => void) | null = null;
const onPopState = (event: PopStateEvent) => handler?.(event);

export function installHistoryGuard() {
  window.removeEventListener('popstate', onPopState);
  window.addEventListener('popstate', onPopState);
}

/** What the first popstate listener does from now on (the unsaved-changes guard's check). */
export function handlePopState(next: (event: PopStateEvent) => void) {
  handler = next;
}
