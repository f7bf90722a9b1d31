import type { ReactElement } from 'react';
import { interpolate } from '../lib/i18n';

/** Every icon the site draws: the SPEC §9 set plus the footer's social media row. */
export const ICON_NAMES = [
  'arrow-up',
  'arrow-down',
  'arrow-left',
  'arrow-right',
  'caret-up',
  'caret-down',
  'caret-left',
  'caret-right',
  'check',
  'close',
  'download',
  'external',
  'logo',
  'minus',
  'pause',
  'play',
  'plus',
  'account',
  'pin',
  'magnifying-glass',
  'delivery',
  'cart',
  'twitter',
  'twitter-bird',
  'facebook',
  'youtube',
  'linkedin',
  'instagram',
  'tiktok',
  'pinterest',
] as const;

/** The name of an icon in ICON_NAMES. */
export type IconName = (typeof ICON_NAMES)[number];

/** A 2px round-capped outline, the style of the interface icons. */
function outline(d: string): ReactElement {
  return <path d={d} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" />;
}

/** A filled shape; even-odd so inner subpaths cut holes (the brand marks). */
function solid(d: string): ReactElement {
  return <path d={d} fillRule="evenodd" clipRule="evenodd" />;
}

/** The drawings on a 24 x 24 grid, filled or stroked with currentColor. */
const ICONS: Readonly<Record<IconName, ReactElement>> = {
  'arrow-up': outline('M12 19V5M6 11l6-6 6 6'),
  'arrow-down': outline('M12 5v14M6 13l6 6 6-6'),
  'arrow-left': outline('M19 12H5M11 6l-6 6 6 6'),
  'arrow-right': outline('M5 12h14M13 6l6 6-6 6'),
  'caret-up': outline('M6 15l6-6 6 6'),
  'caret-down': outline('M6 9l6 6 6-6'),
  'caret-left': outline('M15 6l-6 6 6 6'),
  'caret-right': outline('M9 6l6 6-6 6'),
  check: outline('M4.5 12.5l5 5 10-11'),
  close: outline('M6 6l12 12M18 6L6 18'),
  download: outline('M12 3.5V15M7 10l5 5 5-5M4.5 20h15'),
  external: outline('M14 4h6v6M20 4l-9 9M19 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-12A1.5 1.5 0 0 1 4 18.5v-12A1.5 1.5 0 0 1 5.5 5H10'),
  // The brand mark of Logo.tsx (a 48-unit drawing), halved onto the 24 grid.
  logo: (
    <g transform="scale(0.5)">
      <path d="M24 1a23 23 0 1 1 0 46 23 23 0 0 1 0-46z" />
      <path d="M21 12h6l2 20H19z" fill="#fff" />
      <path d="M20 10h8v3h-8z" fill="#fff" />
      <path d="M6 34c4 0 5-3 9-3s5 3 9 3 5-3 9-3 5 3 9 3v4c-4 0-5-3-9-3s-5 3-9 3-5-3-9-3-5 3-9 3z" fill="#fff" />
    </g>
  ),
  minus: outline('M5 12h14'),
  pause: solid(
    'M6.5 5A1.5 1.5 0 0 1 8 3.5h1.5A1.5 1.5 0 0 1 11 5v14a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 19zM13 5a1.5 1.5 0 0 1 1.5-1.5H16A1.5 1.5 0 0 1 17.5 5v14a1.5 1.5 0 0 1-1.5 1.5h-1.5A1.5 1.5 0 0 1 13 19z',
  ),
  play: solid('M7 5.2a1.4 1.4 0 0 1 2.1-1.2l10.6 6.8a1.4 1.4 0 0 1 0 2.4L9.1 20a1.4 1.4 0 0 1-2.1-1.2z'),
  plus: outline('M12 5v14M5 12h14'),
  account: outline('M12 12.5a4.25 4.25 0 1 0 0-8.5 4.25 4.25 0 0 0 0 8.5zM4 20.5c.8-3.9 4-6 8-6s7.2 2.1 8 6'),
  pin: outline('M12 21.5s-7-6-7-12a7 7 0 0 1 14 0c0 6-7 12-7 12zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'),
  'magnifying-glass': outline('M10.5 17.5a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM15.5 15.5l5 5'),
  delivery: outline(
    'M5 17H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v11M9 17h6M19 17h1a1 1 0 0 0 1-1v-3.6a1 1 0 0 0-.3-.7l-2.8-2.9a1 1 0 0 0-.7-.3H14M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  ),
  cart: (
    <>
      {outline('M2.5 3.5h2.3a1 1 0 0 1 1 .8L7.9 15a1 1 0 0 0 1 .8h8.6a1 1 0 0 0 1-.7l2-6.6a1 1 0 0 0-1-1.3H6.3')}
      {solid('M9.5 21.6a1.6 1.6 0 1 0 0-3.2 1.6 1.6 0 0 0 0 3.2zM17.2 21.6a1.6 1.6 0 1 0 0-3.2 1.6 1.6 0 0 0 0 3.2z')}
    </>
  ),
  // The current X mark: a hollow bold stroke crossed by a thin one.
  twitter: solid('M2.4 3h6.2l13 18h-6.2zM4.64 4.3l11.12 15.4h3.6L8.24 4.3zM19 3h2l-6.95 7.54-.88-1.22zM9.69 13.09l.88 1.22L4.4 21h-2z'),
  'twitter-bird': solid(
    'M22.5 6.1c-.75.33-1.55.55-2.4.65.86-.52 1.52-1.33 1.83-2.3-.8.48-1.7.82-2.65 1a4.17 4.17 0 0 0-7.1 3.8C8.7 9.1 5.65 7.4 3.6 4.9c-.37.63-.57 1.36-.57 2.1 0 1.45.74 2.73 1.86 3.48-.68-.02-1.33-.21-1.9-.52v.05c0 2.02 1.44 3.71 3.35 4.1-.6.17-1.24.19-1.88.07.53 1.66 2.07 2.86 3.9 2.9-1.43 1.12-3.23 1.79-5.18 1.79-.34 0-.67-.02-1-.06 1.85 1.19 4.05 1.88 6.41 1.88 7.69 0 11.9-6.37 11.9-11.9l-.01-.54c.82-.59 1.53-1.33 2.02-2.15z',
  ),
  facebook: solid(
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM10.1 21.82V15H7.6v-3h2.5V9.7c0-2.8 1.5-4.3 4.2-4.3h2.1v2.9h-1.6c-1 0-1.4.5-1.4 1.5V12h3l-.4 3h-2.6v6.9a10 10 0 0 1-3.3-.08z',
  ),
  youtube: solid(
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15.1V8.9l5.2 3.1z',
  ),
  linkedin: solid(
    'M4.5 2h15A2.5 2.5 0 0 1 22 4.5v15a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 19.5v-15A2.5 2.5 0 0 1 4.5 2zM7.25 5.3a1.65 1.65 0 1 0 0 3.3 1.65 1.65 0 0 0 0-3.3zM5.8 9.8v8.9h2.9V9.8zM10.6 9.8v8.9h2.9v-4.4c0-1.2.3-2.4 1.8-2.4s1.6 1.3 1.6 2.4v4.4h2.9v-4.9c0-2.5-.6-4.3-3.4-4.3-1.4 0-2.5.6-2.9 1.5V9.8z',
  ),
  instagram: solid(
    'M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2zM7.6 4A3.6 3.6 0 0 0 4 7.6v8.8A3.6 3.6 0 0 0 7.6 20h8.8a3.6 3.6 0 0 0 3.6-3.6V7.6A3.6 3.6 0 0 0 16.4 4zM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM17.4 5.3a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5z',
  ),
  // A note whose stem sweeps into a flag, as in the TikTok mark.
  tiktok: solid('M12.5 2h3.1c.2 2.9 2.4 5.2 5.4 5.4v3.1c-2 0-3.9-.6-5.4-1.7v6.7a6 6 0 1 1-6-6v3.1a2.9 2.9 0 1 0 2.9 2.9z'),
  pinterest: solid('M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM6.6 9.8a6 6 0 1 1 6 6v-2.8a3.2 3.2 0 1 0-3.2-3.2zM11.3 8.1h1.9l-2.45 13.2H8.85z'),
};

/** Whether `name` is one of ICON_NAMES; use it to narrow names that come from content. */
export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name);
}

/**
 * Props of Icon; a class sizes it (its 1em square follows the font size), never a style
 * attribute, which the Content-Security-Policy refuses in server-rendered HTML.
 */
export type IconProps = {
  name: string;
  title?: string;
  className?: string;
};

/**
 * An inline SVG icon in the current text colour: decorative (hidden from assistive technology)
 * unless given a `title`, which makes it an image with that accessible name. An unknown name
 * renders a visible 'NO ICON NAMED {name}' marker (SPEC §8) so the mistake shows on the page.
 */
export default function Icon({ name, title, className }: IconProps) {
  if (!isIconName(name)) {
    return <span className="icon-missing">{interpolate('NO ICON NAMED {name}', { name })}</span>;
  }
  const classes = ['icon', `icon--${name}`, className].filter(Boolean).join(' ');
  // width/height attributes keep the icon 1em even where the stylesheet has not loaded.
  return (
    <svg className={classes} viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" {...(title ? { role: 'img' } : { 'aria-hidden': true, focusable: 'false' as const })}>
      {title ? <title>{title}</title> : null}
      {ICONS[name]}
    </svg>
  );
}
