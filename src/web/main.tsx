import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme, readStoredTheme } from './lib/theme';
import { installHistoryGuard } from './lib/unsaved-changes';
import './styles.css';

// Apply the stored theme before the first render so a dark-mode user never sees a light flash.
applyTheme(readStoredTheme());

// Browser back over a form with unsaved changes asks first: its listener must precede the router's.
installHistoryGuard();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
