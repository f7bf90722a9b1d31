import { gettext, interpolate } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';

/** A city link of the state list (SPEC §3 "State list entry"). */
export interface StateCity {
  slug: string;
  name: string;
  url: string;
}

/** A state with its cities. */
export interface StateEntry {
  slug: string;
  name: string;
  cities: StateCity[];
}

/** Another country's directory (SPEC §3 "Other directory"). */
export interface OtherDirectory {
  id: number;
  url: string;
  country: { printable_name: string };
}

/** Props of the 'locations state list' template (SPEC §2 item 10). */
export interface LocationsStateListProps {
  country: { printable_name: string };
  other_directories: OtherDirectory[];
  states: StateEntry[];
}

/**
 * A country's directory: links to the other countries, then the states, each a disclosure of
 * its cities (native details elements, so several can be open at once and it works unhydrated).
 */
export default function LocationsStateList({ country, other_directories, states }: LocationsStateListProps) {
  const { site } = usePageContext();
  return (
    <div className="template-locations template-locations-states">
      <header className="locations-hero">
        <div className="container">
          <h1 className="locations-hero__title">{interpolate('All {country} Locations', { country: country.printable_name })}</h1>
          <p className="locations-hero__subtitle">{interpolate('Select a state to find a local {brand}', { brand: site.brandName })}</p>
          {other_directories.length > 0 && (
            <ul className="locations-hero__directories">
              {other_directories.map((directory) => (
                <li key={directory.id}>
                  <a className="locations-hero__link" href={directory.url}>
                    {interpolate('See {country} Locations', { country: directory.country.printable_name })}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      <section className="container state-directory" aria-labelledby="state-directory-heading">
        <h2 id="state-directory-heading">{country.printable_name}</h2>
        {states.length > 0 && (
          <ul className="state-directory__states">
            {states.map((state) => (
              <li key={state.slug}>
                <details className="state-directory__state">
                  <summary>{state.name}</summary>
                  <ul className="state-directory__cities">
                    {state.cities.map((city) => (
                      <li key={city.slug}>
                        <a href={city.url}>{city.name}</a>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
          </ul>
        )}
        {states.length === 0 && <p className="state-directory__empty">{gettext('No locations are listed here yet.')}</p>}
      </section>
    </div>
  );
}
