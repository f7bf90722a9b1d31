import { useId, useState, type FormEvent, type Ref } from 'react';
import Icon from '../Icon';
import { gettext, interpolate } from '../../lib/i18n';
import type { Location } from '../../lib/location-schemas';
import LocationResultCard from './LocationResultCard';
import type { LocationResults } from './use-location-results';

/** Props of LocationSearch: the results to list and what the visitor can do. */
export interface LocationSearchProps {
  results: LocationResults;
  locatorUrl: string | null;
  inputRef: Ref<HTMLInputElement>;
  onSearch: (address: string) => void;
  onUseCurrentLocation: () => void;
  onChoose: (location: Location) => void;
}

function statusMessage(results: LocationResults): string {
  if (results.status === 'loading') return gettext('Searching for locations…');
  if (results.status !== 'found') return '';
  const count = results.entries.length;
  if (count === 0) return gettext('No locations found. Try another city, state, or zip.');
  return count === 1 ? gettext('1 location found') : interpolate('{count} locations found', { count });
}

/** The search view: a required search by city, state or zip, the device position, and the result cards. */
export default function LocationSearch({ results, locatorUrl, inputRef, onSearch, onUseCurrentLocation, onChoose }: LocationSearchProps) {
  const inputId = useId();
  const [address, setAddress] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = address.trim();
    if (text) onSearch(text);
  };
  const entries = results.status === 'found' ? results.entries : [];
  return (
    <section className="location-search" aria-labelledby="location-search-heading">
      <h2 id="location-search-heading" className="location-search__heading">
        {gettext('Find a Location')}
      </h2>
      <form className="location-search__form" role="search" onSubmit={submit}>
        <label className="location-search__label" htmlFor={inputId}>
          {gettext('Search by city, state, or zip')}
        </label>
        <div className="location-search__field">
          <input
            id={inputId}
            ref={inputRef}
            className="location-search__input"
            type="text"
            name="address"
            required
            // Only a blank entry is refused: the field must hold more than spaces (SPEC §5).
            pattern=".*\S.*"
            autoComplete="address-level2"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <button type="submit" className="button button--primary location-search__submit">
            <Icon name="magnifying-glass" />
            <span className="visually-hidden">{gettext('Search')}</span>
          </button>
        </div>
      </form>
      <p className="location-search__alternatives">
        <button type="button" className="button button--text-link location-search__locate" onClick={onUseCurrentLocation}>
          <Icon name="pin" /> {gettext('Use My Current Location')}
        </button>
        {locatorUrl && <a href={locatorUrl}>{gettext('View Map')}</a>}
      </p>
      <p className="location-search__status" aria-live="polite">
        {statusMessage(results)}
      </p>
      {entries.length > 0 && (
        <>
          <ul className="location-search__results">
            {entries.map(({ distance, location }) => (
              <li key={location.rlid}>
                <LocationResultCard location={location} distance={distance} onChoose={onChoose} />
              </li>
            ))}
          </ul>
          {locatorUrl && (
            <p className="location-search__all">
              <a href={locatorUrl}>{gettext('View All Locations')}</a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
