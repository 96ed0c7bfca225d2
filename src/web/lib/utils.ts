import { clsx, type ClassValue } from 'clsx';

/**
 * How conflicting Tailwind classes are settled ('px-4' then 'px-0': the later wins). tailwind-merge
 * does it, but weighs ~9 KB gzip, so only the pages that override a component's classes load it: the
 * owner area and the sign-in pages bring it with their chunks (app/router.tsx `withClassMerge`). The
 * public pages pass no conflicting classes (e2e `classConflicts` checks every public page and step)
 * and only join them, which keeps their first load small (issue 21, B1).
 */
let settle: (classes: string) => string = (classes) => classes;

/** Called once tailwind-merge is loaded: from then on `cn` settles conflicts with it. */
export function installClassMerge(merge: (classes: string) => string): void {
  settle = merge;
}

/** Joins class names and lets later Tailwind classes override earlier ones (see `installClassMerge`). */
export function cn(...inputs: ClassValue[]): string {
  return settle(clsx(inputs));
}
