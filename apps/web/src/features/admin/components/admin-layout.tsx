import { Navigate, Outlet } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { AdminFrame } from './admin-frame';

/**
 * The admin area inside the main layout: its navigation beside the page (AdminFrame). The
 * route's loader turns non-admins away before this renders; this check covers a role that
 * changes while the area is open (the user detail is refetched on every navigation).
 */
export function AdminLayout() {
  const user = useSessionStore((s) => s.user);
  if (user && user.role !== 'admin') return <Navigate to="/" replace />;
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}
