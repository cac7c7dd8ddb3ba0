import { useState } from 'react';
import styles from './avatar.module.css';

interface AvatarProps {
  /** The photo's URL; without one the initials stand in. */
  src: string | null | undefined;
  name: string;
  size: number;
  /** Text for the image; empty when a caption next to it already names the person. */
  alt?: string;
  /** Sizes the avatar from CSS instead (width, height and font-size), e.g. per breakpoint. */
  className?: string;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

export function Avatar({ src, name, size, alt = '', className }: AvatarProps) {
  const style = className ? undefined : { width: size, height: size, fontSize: Math.round(size * 0.38) };
  // A photo that fails to load (removed, offline) shows the initials, never a broken image and its text.
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) return <img className={[styles.avatar, className].filter(Boolean).join(' ')} src={src} alt={alt} width={size} height={size} style={style} onError={() => setFailed(src)} />;
  return (
    <span className={[styles.avatar, styles.initials, className].filter(Boolean).join(' ')} style={style} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
