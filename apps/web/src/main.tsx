import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global tokens first, so component stylesheets (imported by the app) come after and win.
import './styles/global.css';
import { App } from './app/App.tsx';
import { sessionStore } from './shared/session/appSession.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Restore the session from the refresh cookie before the first render asks who is signed in.
void sessionStore.start(window.location.search);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
