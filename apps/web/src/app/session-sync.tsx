import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor, SessionEndedError, sessionKeeper, useUserDetail } from '@/features/auth';
import { useCartSync } from '@/features/cart';
import { setSessionKeeper } from '@/lib/call-api';
import { queryClient } from '@/lib/query-client';

// The cart sync below calls the API as soon as it loads, which on the home page can be before
// the route table (routes.tsx) has set the session check: without it a call after a reload
// would go out before the access token is renewed, and be refused.
setSessionKeeper(sessionKeeper);

/**
 * Keeps the user detail (and the cart kept on the server, features/cart) fresh as the original did: on every route change and every
 * REFRESH_TICK_FAST_MS (the query's interval). When a refetch finds the session over
 * (revoked elsewhere, renewal refused) on a page that needs one, it sends the user to sign in.
 * Loaded lazily, for signed-in users only (see app-shell.tsx): it brings TanStack Query.
 */
function UserDetailSync({ onProtectedPage }: { onProtectedPage: boolean }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { refetch, isEnabled, error } = useUserDetail();
  useCartSync();

  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (isEnabled) void refetch();
  }, [pathname, isEnabled, refetch]);

  const ended = error instanceof SessionEndedError;
  useEffect(() => {
    if (ended && onProtectedPage) void navigate(loginPathFor(pathname + search), { replace: true });
  }, [ended, onProtectedPage, navigate, pathname, search]);

  return null;
}

export default function SessionSync({ onProtectedPage }: { onProtectedPage: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UserDetailSync onProtectedPage={onProtectedPage} />
    </QueryClientProvider>
  );
}
