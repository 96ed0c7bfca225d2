import { useEffect } from 'react';
import { nlPublic as nl } from '@contracts/messages-public';

/** Sets the tab title to "<page> · <product>" so screen readers and history entries name the page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${nl.app.name}` : nl.app.name;
  }, [title]);
}
