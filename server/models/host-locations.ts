import type { Db } from '../db/database';
import { locationPolicy } from './permission-policies';
import type { UserPermissions } from './permissions';

/** The most locations the host-stand chooser lists at once. */
export const HOST_LOCATION_LIMIT = 50;

/** A location as the host stand names it, with its wait-list switches. */
export interface HostLocation {
  rlid: number;
  restaurantNumber: string;
  address1: string;
  city: string;
  state: string;
  /** The IANA zone the host stand shows its times in. */
  timeZone: string;
  waitListReady: boolean | null;
  waitListMaxPartySize: number | null;
  isReservationsEnabled: boolean;
}

function hostLocationQuery(db: Db) {
  return db
    .selectFrom('locations')
    .select([
      'rlid',
      'restaurant_number as restaurantNumber',
      'address1',
      'city',
      'state',
      'time_zone as timeZone',
      'wait_list_ready as waitListReady',
      'wait_list_max_party_size as waitListMaxPartySize',
      'is_reservations_enabled as isReservationsEnabled',
    ])
    .where('permanently_closed_at', 'is', null);
}

/**
 * The locations whose host stand the user runs, matching `search` (an rlid, a restaurant
 * number or part of a city's name). Hosts of every location see only what they search for:
 * there are hundreds.
 */
export async function hostableLocations(db: Db, perms: UserPermissions, search: string): Promise<HostLocation[]> {
  const everywhere = locationPolicy.userHasPermissionEverywhere(perms);
  const term = search.trim();
  if (everywhere && !term) return [];
  const granted = perms.hostGrants.flatMap((grant) => (grant.rlid === null ? [] : [grant.rlid]));
  if (!everywhere && !granted.length) return [];
  let query = hostLocationQuery(db).orderBy('state').orderBy('city').orderBy('rlid').limit(HOST_LOCATION_LIMIT);
  if (!everywhere) query = query.where('rlid', 'in', granted);
  if (term) {
    const number = /^\d{1,10}$/.test(term) ? Number(term) : undefined;
    query = query.where((eb) =>
      eb.or([
        eb('city', 'ilike', `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
        ...(number !== undefined && number < 2 ** 31 ? [eb('rlid', '=', number), eb('restaurant_number', '=', term)] : []),
      ]),
    );
  }
  return query.execute();
}

/** One location for the host stand, or undefined. */
export async function getHostLocation(db: Db, rlid: number): Promise<HostLocation | undefined> {
  return hostLocationQuery(db).where('rlid', '=', rlid).executeTakeFirst();
}
