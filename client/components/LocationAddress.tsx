import { interpolate } from '../lib/i18n';

/** The parts of a location's postal address that templates show. */
export interface PostalAddress {
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postcode: string;
}

/** A location's address as an `<address>`: street lines, then 'City, ST 12345'. */
export default function LocationAddress({ location, className, id }: { location: PostalAddress; className: string; id?: string }) {
  return (
    <address className={className} id={id}>
      {location.line1}
      <br />
      {location.line2 && (
        <>
          {location.line2}
          <br />
        </>
      )}
      {interpolate('{city}, {state} {postcode}', { city: location.city, state: location.state, postcode: location.postcode })}
    </address>
  );
}
