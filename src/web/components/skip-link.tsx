import { nl } from '@contracts/messages';

/** First focusable element of a screen: jumps past the navigation to the page's main landmark. */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus the landmark without adding a hash to the address.
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:ring-[3px] focus:ring-ring focus:outline-none"
    >
      {nl.layout.skipToContent}
    </a>
  );
}
