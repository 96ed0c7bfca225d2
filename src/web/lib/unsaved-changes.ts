/**
 * Leaving a form with unsaved changes asks first (issue 19): the event, template and e-mail-template
 * forms call `useUnsavedChangesGuard(formState.isDirty)`; the one `UnsavedChangesDialog` in the owner
 * layout asks 'Blijven' / 'Verlaten'.
 *
 * wouter has no navigation blocker, so the guard stands in front of it while a form is dirty:
 * - in-app links (menu, back links, 'Annuleren', the event form's links to Instellingen): a click
 *   listener on window in the capture phase runs before React's, so the link never navigates unless
 *   the owner chooses to leave;
 * - browser back: the popstate listener main.tsx adds before the app renders (history-guard.ts), so it
 *   runs before wouter's, hands the event to this module, which puts the form's address back and
 *   keeps wouter from seeing the change, so the form and its values stay mounted while the dialog
 *   asks; leaving goes back for real;
 * - closing the tab, reloading, an address typed by hand: the browser's own beforeunload question
 *   (its text cannot be chosen).
 * - a change inside the page that drops a form (the e-mail templates' tabs unmount the editor):
 *   the page calls `confirmLeave` with that change.
 * A save navigates in code (not through a link) or resets the form, so it never asks.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { handlePopState } from './history-guard';

/** Forms mounted with unsaved changes (several e-mail-template editors can be open at once). */
const dirty = new Set<string>();
/** What happens when the owner chooses 'Verlaten'; null when nothing is being asked. */
let pendingLeave: (() => void) | null = null;
/** Set once the owner chose to leave: the way out must not ask again. Cleared with the last guard. */
let leaving = false;
/** The address of the guarded form, restored when browser back is held. */
let guardedUrl = '';
/** Where focus was when the question came up (the clicked link), to return to on 'Blijven'. */
let askedFrom: HTMLElement | null = null;

const subscribers = new Set<() => void>();
const emit = () => subscribers.forEach((notify) => notify());

const here = () => location.pathname + location.search + location.hash;
const guarding = () => dirty.size > 0 && !leaving;

function ask(leave: () => void, from: Element | null = document.activeElement) {
  askedFrom = from instanceof HTMLElement ? from : null;
  pendingLeave = leave;
  emit();
}

/**
 * Runs `go` at once when no form has unsaved changes, else after the owner chose 'Verlaten' (for a
 * change within the page that would drop a form, e.g. switching the e-mail templates' tab).
 */
export function confirmLeave(go: () => void) {
  if (guarding()) ask(go);
  else go();
}

function onClick(event: MouseEvent) {
  if (!guarding() || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return; // a new tab leaves the form as it is
  const url = new URL(link.href);
  // Another site in this tab: the browser's beforeunload question covers it.
  if (url.origin !== location.origin) return;
  if (url.pathname === location.pathname && url.search === location.search) return;
  event.preventDefault();
  event.stopPropagation();
  // The link itself, not the active element: a click does not always focus it first.
  ask(() => navigate(url.pathname + url.search + url.hash), link);
}

function onPopState(event: PopStateEvent) {
  if (!guarding()) return;
  event.stopImmediatePropagation();
  history.pushState(null, '', guardedUrl);
  ask(() => history.back());
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!guarding()) return;
  event.preventDefault();
  // Older Chromium asks only when returnValue is set.
  event.returnValue = '';
}

// The page's first popstate listener (history-guard.ts) asks here; nothing happens while no form is dirty.
handlePopState(onPopState);

function register(id: string) {
  if (dirty.size === 0) {
    guardedUrl = here();
    window.addEventListener('click', onClick, { capture: true });
    window.addEventListener('beforeunload', onBeforeUnload);
  }
  dirty.add(id);
}

function unregister(id: string) {
  dirty.delete(id);
  if (dirty.size > 0) return;
  window.removeEventListener('click', onClick, { capture: true });
  window.removeEventListener('beforeunload', onBeforeUnload);
  leaving = false;
  pendingLeave = null;
  emit();
}

/** Asks before the owner leaves the page while `dirty` (react-hook-form's `formState.isDirty`). */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    register(id);
    return () => unregister(id);
  }, [id, isDirty]);
}

const subscribe = (notify: () => void) => {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
};
const asking = () => pendingLeave !== null;

/** The question for the layout's dialog: whether it is open, and the two answers. */
export function useLeaveQuestion() {
  const open = useSyncExternalStore(subscribe, asking, () => false);
  return {
    open,
    stay() {
      pendingLeave = null;
      emit();
    },
    leave() {
      const go = pendingLeave;
      pendingLeave = null;
      askedFrom = null; // the page changes: focus follows the new page, not the old link
      leaving = true;
      emit();
      go?.();
    },
    /**
     * The element to give focus back to after 'Blijven' (the link that was clicked). The menu may
     * have drawn that link anew meanwhile: then the link to the same address takes its place.
     */
    returnFocusTo(): HTMLElement | null {
      if (!askedFrom || askedFrom.isConnected) return askedFrom;
      const href = askedFrom.getAttribute('href');
      return href ? document.querySelector<HTMLElement>(`a[href="${CSS.escape(href)}"]`) : null;
    },
  };
}
