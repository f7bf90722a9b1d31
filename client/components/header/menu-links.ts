import type { HeaderContent, HeaderSection, MenuLink } from '../../lib/page-data';

/** A link that can be shown: SPEC §2 shows a link only when it has a url. */
export type ShownLink = Omit<MenuLink, 'url' | 'children'> & { url: string; children: ShownLink[] };

/** The links of a list that have a url, each with its children filtered the same way. */
export function linksWithUrl(links: readonly MenuLink[]): ShownLink[] {
  return links.filter((link): link is MenuLink & { url: string } => Boolean(link.url)).map((link) => ({ ...link, children: linksWithUrl(link.children) }));
}

/** The section whose role is primary: the only one the desktop navigation renders. */
export function primarySection(header: HeaderContent): HeaderSection | undefined {
  return header.sections.find((section) => section.role === 'primary');
}
