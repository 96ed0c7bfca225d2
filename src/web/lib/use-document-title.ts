import { useEffect } from 'react';
import { nl } from '@contracts/messages';

/** Sets the tab title to "<page> · <product>" so screen readers and history entries name the page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${nl.app.name}` : nl.app.name;
  }, [title]);
}
