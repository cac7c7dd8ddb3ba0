// The /admin layout route's module: the side navigation and the child page's outlet.
export { AdminLayout as default } from '../components/admin-layout';
