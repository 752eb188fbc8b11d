import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import { App } from '@/app/app';
import { browserEmbeddedSignIn, signInEmbedded } from '@/features/auth';
import { env } from '@/lib/env';
import { getToken } from '@/lib/storage';
import { reportWebVitals } from '@/lib/web-vitals';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

async function start(root: HTMLElement) {
  // Inside the Shopify admin without a session for this tab: sign in through App Bridge first
  // (the install route itself is where a failed sign-in lands, so it never signs in again).
  if (env.embedded && !getToken() && window.location.pathname !== '/install') {
    if (!(await signInEmbedded(browserEmbeddedSignIn(env.embedded)))) return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  reportWebVitals();
}

void start(container);
