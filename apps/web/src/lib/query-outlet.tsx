import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/**
 * The layout route around every page that reads server data: TanStack Query loads with those
 * pages (in parallel with them), not with the first load of every page. One client: every
 * provider shares its cache.
 */
export default function QueryOutlet() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
