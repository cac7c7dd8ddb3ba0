import '@/styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app-shell';
import { PersistGate } from './persist-gate';
import { RouteError } from './route-error';
import { firstRoutes } from './router';
import { AppRouter } from './routing/app-router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices and yields to the browser between
// them, instead of in one long task that holds up input (Lighthouse's total blocking time on a
// phone: ~100-200 ms, ~0 ms so). Nothing is on screen yet, so there is nothing to keep showing.
startTransition(() => {
  root.render(
    <StrictMode>
      <PersistGate>
        <AppRouter routes={firstRoutes} renderError={(error) => <RouteError error={error} />}>
          {(element) => <AppShell>{element}</AppShell>}
        </AppRouter>
      </PersistGate>
    </StrictMode>,
  );
});
