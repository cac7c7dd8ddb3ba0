// A button's look as global classes (styles/button.css), apart from the Button component: the
// early scripts draw links that look like buttons with the same classes (src/boot/early-home.ts).

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The classes of a button with this look, and `extra` (a page's own class) last. */
export const buttonClasses = ({ variant = 'primary', size = 'md', block = false }: ButtonLook, extra?: string) =>
  ['btn', `btn-${variant}`, size !== 'md' && `btn-${size}`, block && 'btn-block', extra].filter(Boolean).join(' ');
