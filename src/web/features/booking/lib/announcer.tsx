/**
 * One polite live region per public page (WCAG 4.1.3 Status Messages): a status that arrives
 * together with the part of the page that shows it (the time step after a taken slot, the payment
 * overlay) is not read by every screen reader, as a live region must be in the page before its text
 * changes. This region always is; what the customer must hear is put into it.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/**
 * Puts `text` into the page's live region; the same text again is announced again. An empty text
 * clears it, so a status that no longer holds is not found there later.
 */
export const useAnnounce = () => useContext(AnnounceContext);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const announce = useCallback((text: string) => {
    // Emptied first, so a repeated text is a change the screen reader hears.
    setMessage('');
    window.clearTimeout(timer.current);
    if (!text) return;
    timer.current = window.setTimeout(() => setMessage(text), 100);
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-announcer="">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}
