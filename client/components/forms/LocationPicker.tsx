import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { gettext, interpolate } from '../../lib/i18n';
import type { Location, LocationListResponse } from '../../lib/location-schemas';
import type { SerializedField } from '../../lib/server-forms';
import FieldError from './FieldError';

/** The restaurant a visitor picked: enough to show it and post its rlid. */
export type PickedLocation = Pick<Location, 'rlid' | 'address1' | 'city' | 'state' | 'zip'>;

/** Props of LocationPicker. */
export interface LocationPickerProps {
  field: SerializedField;
  errors: readonly string[] | undefined;
  /** The restaurant already picked (from a post sent back with errors), or null. */
  initial: PickedLocation | null;
}

/** SPEC §7: the form location picker searches within radius 200 for at most 6 restaurants. */
export const PICKER_SEARCH_AREA = { radius: 200, limit: 6 } as const;

type SearchState = { status: 'idle' } | { status: 'searching' } | { status: 'done'; query: string; results: LocationListResponse['locations'] };

/**
 * The contact form's restaurant picker (SPEC §4 "Location picker (forms)"): search by city,
 * state or ZIP, choose from the results in a modal, see the chosen restaurant with 'Change'.
 * It posts the rlid in a hidden field; a failed search is only logged (SPEC §8).
 */
export default function LocationPicker({ field, errors, initial }: LocationPickerProps) {
  const [picked, setPicked] = useState<PickedLocation | null>(initial);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const searchInputRef = useRef<HTMLInputElement>(null);
  const changedRef = useRef(false);
  const inputId = useId();
  const headingId = useId();
  const errorId = `${String(field.widget.attrs.id)}_error`;
  const invalid = Boolean(errors?.length);

  useEffect(() => {
    // After 'Change' the search box takes over the place of the card; keep the visitor there.
    if (!picked && changedRef.current) searchInputRef.current?.focus();
  }, [picked]);

  async function runSearch(): Promise<void> {
    const text = query.trim();
    if (!text || search.status === 'searching') return;
    setSearch({ status: 'searching' });
    try {
      // The search and its response checks load with the first search, not with the form.
      const { searchLocationsByAddress } = await import('../../lib/location-search');
      const found = await searchLocationsByAddress(text, PICKER_SEARCH_AREA);
      setSearch({ status: 'done', query: text, results: found?.result.locations ?? [] });
      dialogRef.current?.showModal();
    } catch (error) {
      console.error('Location search failed', error);
      setSearch({ status: 'idle' });
    }
  }

  function choose(location: Location): void {
    setPicked({ rlid: location.rlid, address1: location.address1, city: location.city, state: location.state, zip: location.zip });
    dialogRef.current?.close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    // The search box sits inside the message form: Enter searches instead of sending the message.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void runSearch();
  }

  return (
    <div className={`form-field form-field--wide location-picker${invalid ? ' form-field--invalid' : ''}`} data-field={field.name}>
      <input type="hidden" name={field.name} value={picked ? String(picked.rlid) : ''} />
      {picked ? (
        <div className="location-picker__picked">
          <p className="form__label">{gettext(field.label)}</p>
          <p className="location-picker__address">
            <strong>{picked.address1}</strong>
            <br />
            {picked.city}, {picked.state} {picked.zip}
          </p>
          <button
            type="button"
            className="button button--text-link location-picker__change"
            onClick={() => {
              changedRef.current = true;
              setPicked(null);
              setQuery('');
            }}
          >
            {gettext('Change')}
          </button>
        </div>
      ) : (
        <>
          <label className="form__label" htmlFor={inputId}>
            {gettext(field.label)}
          </label>
          <div className="location-picker__search">
            <input
              ref={searchInputRef}
              id={inputId}
              className="form__input"
              type="search"
              autoComplete="off"
              placeholder={gettext('City, State, or ZIP')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
            />
            <button type="button" className="button button--secondary" onClick={() => void runSearch()} disabled={search.status === 'searching'}>
              {gettext('Search')}
            </button>
          </div>
        </>
      )}
      <FieldError id={errorId} errors={picked ? undefined : errors} />
      <dialog ref={dialogRef} className="location-picker__dialog" aria-labelledby={headingId}>
        <div className="location-picker__dialog-head">
          <h3 id={headingId}>{gettext('Choose Your Restaurant')}</h3>
          <button type="button" className="button button--unstyled location-picker__close" onClick={() => dialogRef.current?.close()} aria-label={gettext('Close')}>
            ×
          </button>
        </div>
        {search.status === 'done' && search.results.length === 0 && (
          <p className="location-picker__empty">{interpolate('No restaurants found near {query}.', { query: search.query })}</p>
        )}
        {search.status === 'done' && search.results.length > 0 && (
          <ul className="location-picker__results">
            {search.results.map(({ distance, location }) => (
              <li key={location.rlid} className="location-picker__result">
                <div>
                  <strong>{location.address1}</strong>
                  <br />
                  {location.city}, {location.state} {location.zip}
                  <br />
                  <span className="location-picker__distance">{interpolate('{distance} mi', { distance: distance.toFixed(1) })}</span>
                </div>
                <button type="button" className="button button--primary" onClick={() => choose(location)}>
                  {gettext('Select')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </div>
  );
}
