import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global tokens first, so component stylesheets (imported by the app) come after and win.
import './styles/global.css';
import { App } from './app/App.tsx';
import { sessionStore } from './shared/session/appSession.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const root = createRoot(container);
if (window.location.pathname.startsWith('/embed/')) {
  // The embed frame is its own small app: the world and the Player SDK protocol, no site shell.
  void import('./features/embed/EmbedPage.tsx').then(({ EmbedPage }) =>
    root.render(
      <StrictMode>
        <EmbedPage />
      </StrictMode>,
    ),
  );
} else {
  // Restore the session from the refresh cookie before the first render asks who is signed in.
  void sessionStore.start(window.location.search);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
