import '@/styles/button.css';
import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonLook } from './button-classes';
import { Link, type LinkProps } from './link';

export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClasses({ variant, size, block }, className)} {...rest} />;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLook & LinkProps) {
  return <Link className={buttonClasses({ variant, size, block }, className)} {...rest} />;
}
