import styles from './skeleton.module.css';

interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  className?: string;
}

/** A placeholder of the content's final size, so nothing moves when the data arrives. */
export function Skeleton({ width = '100%', height = 16, className }: SkeletonProps) {
  return <span aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={{ width, height }} />;
}
