import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { applyTheme, readStoredTheme } from './lib/theme';
import { installHistoryGuard } from './lib/history-guard';
import './styles.css';

// Apply the stored theme before the first render so a dark-mode user never sees a light flash.
applyTheme(readStoredTheme());

// Browser back over a form with unsaved changes asks first: its listener must precede the router's.
installHistoryGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () => {
  const reactRoot = createRoot(root);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A server-drawn first screen (the booking page) stays visible while React builds the page: build it
  // in small slices (a transition) instead of one long task, so a tap is never kept waiting.
  if (root.hasChildNodes()) startTransition(() => reactRoot.render(app));
  else reactRoot.render(app);
};
// The booking page's first screen is in the HTML: keep it until its page can replace it in one go.
// Should the chunk fail to load, the app renders anyway (the lazy route then shows its own error).
preloadPage(window.location.pathname).then(render, render);
