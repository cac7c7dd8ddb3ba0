interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  className?: string;
}

/** A placeholder of the content's final size, so nothing moves when the data arrives. Styled by global.css (.skeleton): page.html's early script draws some. */
export function Skeleton({ width = '100%', height = 16, className }: SkeletonProps) {
  return <span aria-hidden="true" className={['skeleton', className].filter(Boolean).join(' ')} style={{ width, height }} />;
}
