import { gettext } from '../../lib/i18n';
import type { Location } from '../../lib/location-schemas';

/** Where the panel's restaurant is, on one line. */
export function PanelPlace({ location }: { location: Pick<Location, 'address1' | 'city' | 'state'> }) {
  return (
    <p className="visitor-panel__place">
      {location.address1}, {location.city}, {location.state}
    </p>
  );
}

/** The party size select, 1 to `max`. */
export default function PartySize({ id, value, max, onChange }: { id: string; value: number; max: number; onChange: (size: number) => void }) {
  return (
    <p className="visitor-panel__field">
      <label htmlFor={id}>{gettext('Party size')}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: max }, (_, index) => index + 1).map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </p>
  );
}
