import type { ReactNode } from 'react';
import { gettext } from '../lib/i18n';

/** The four button looks of the design system. */
export type ButtonStyle = 'primary' | 'secondary' | 'text-link' | 'unstyled';

/** A resolved call to action, as blocks receive it from the server. */
export interface LinkProps {
  url: string;
  text: string;
  style: ButtonStyle;
  external: boolean;
}

/** A link that looks like a button (or a text link); external ones open a new tab. */
export function ButtonLink({ link, className, children }: { link: LinkProps; className?: string; children?: ReactNode }) {
  const classes = ['button', `button--${link.style}`, className].filter(Boolean).join(' ');
  return (
    <a className={classes} href={link.url} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children ?? link.text}
      {link.external && <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>}
    </a>
  );
}

/** A real button in one of the design system's looks. */
export function Button({
  style = 'primary',
  type = 'button',
  onClick,
  disabled,
  className,
  children,
}: {
  style?: ButtonStyle;
  type?: 'button' | 'submit';
  onClick?: () => void;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['button', `button--${style}`, className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}
