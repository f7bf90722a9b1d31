import LocationSearch, { type LocationSearchProps } from './LocationSearch';
import PreferredLocationCard, { type PreferredLocationCardProps } from './PreferredLocationCard';

/**
 * The open popover's view: the preferred restaurant, or the search for one. LocationPopover
 * loads it when first opened; both views share one chunk, so switching between them (and the
 * focus that follows) never waits for a download.
 */
export default function LocationPopoverCard({ preferred, search }: { preferred: PreferredLocationCardProps | null; search: LocationSearchProps }) {
  return preferred ? <PreferredLocationCard {...preferred} /> : <LocationSearch {...search} />;
}
