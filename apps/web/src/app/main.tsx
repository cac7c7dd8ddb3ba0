import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { sessionKeeper } from '@/features/auth';
import { setSessionKeeper } from '@/lib/call-api';
import { Providers } from './providers';
import { router } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

setSessionKeeper(sessionKeeper);

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
