import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global tokens first, so component stylesheets (imported by the app) come after and win.
import './styles/global.css';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
