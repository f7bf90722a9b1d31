import { gettext } from '../../lib/i18n';
import type { NavLink } from '../../lib/page-data';

/** The legacy header's menu: the site's pages marked "show in menus". */
export default function LegacyNav({ links, className }: { links: NavLink[]; className: string }) {
  return (
    <nav className={className} aria-label={gettext('Main')}>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
