import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app-shell';
import { PersistGate } from './persist-gate';
import { RouteError } from './route-error';
import { firstRoutes } from './router';
import { AppRouter } from './routing/app-router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <PersistGate>
      <AppRouter routes={firstRoutes} renderError={(error) => <RouteError error={error} />}>
        {(element) => <AppShell>{element}</AppShell>}
      </AppRouter>
    </PersistGate>
  </StrictMode>,
);
