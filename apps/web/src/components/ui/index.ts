export { Button, ButtonLink } from './button';
export { EmptyState } from './empty-state';
export { Field } from './field';
export * from './icons';
export { Logo } from './logo';
export { PageHeader } from './page-header';
export { Skeleton } from './skeleton';
