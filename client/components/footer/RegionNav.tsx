import { gettext } from '../../lib/i18n';
import type { Region } from '../../lib/page-data';

/** True when the current address lies within the region's address (absolute or a path). */
function isCurrentRegion(region: Region, current: URL): boolean {
  const target = new URL(region.url, current);
  return current.origin === target.origin && current.pathname.startsWith(target.pathname);
}

/** The chain's regions but those this address already belongs to. */
export function otherRegions(regions: readonly Region[], currentUrl: string): Region[] {
  const current = new URL(currentUrl);
  return regions.filter((region) => !isCurrentRegion(region, current));
}

/** Links to the chain's other regions, leaving out the one this address already belongs to. */
export default function RegionNav({ regions, currentUrl }: { regions: Region[]; currentUrl: string }) {
  const others = otherRegions(regions, currentUrl);
  if (others.length === 0) return null;
  return (
    <nav className="region-nav" aria-label={gettext('Regions')}>
      <ul>
        {others.map((region) => (
          <li key={region.id}>
            <a href={region.url}>{region.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
