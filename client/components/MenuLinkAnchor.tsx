import type { ReactNode } from 'react';
import { gettext } from '../lib/i18n';
import type { LinkType } from '../lib/page-data';

/** A link that opens in a new tab when it is external, saying so to screen readers. */
export default function MenuLinkAnchor({ url, linkType, className, children }: { url: string; linkType: LinkType; className?: string; children: ReactNode }) {
  if (linkType !== 'external') {
    return (
      <a href={url} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a href={url} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {gettext('(opens in a new tab)')}</span>
    </a>
  );
}
