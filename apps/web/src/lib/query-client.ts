import { QueryClient } from '@tanstack/react-query';

/**
 * Server state. Feature `api/` files set their own keys and refetch intervals
 * (REFRESH_TICK_FAST_MS for user detail, REFRESH_TICK_SLOW_MS for the market).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // One retry covers a dropped connection; more would only delay an honest error message.
      retry: 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
