import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { Link, type LinkProps } from './link';

type Variant = 'primary' | 'secondary' | 'ghost';
type Size = 'sm' | 'md' | 'lg';

interface Look {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

const classes = ({ variant = 'primary', size = 'md', block = false }: Look, extra?: string) =>
  [styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block, extra].filter(Boolean).join(' ');

export function Button({ variant, size, block, className, type = 'button', ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, size, block }, className)} {...rest} />;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, block, className, ...rest }: Look & LinkProps) {
  return <Link className={classes({ variant, size, block }, className)} {...rest} />;
}
