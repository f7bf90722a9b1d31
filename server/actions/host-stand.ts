import type { Db } from '../db/database';
import type { Reservation, WaitlistStatus } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { NotFoundError, PermissionDenied } from '../errors';
import { writeLogEntry } from '../models/admin-log';
import { canHost, type UserPermissions } from '../models/permissions';
import { cancelReservation, confirmReservation } from '../reservations/book';
import { addWalkIn, findEntry, moveEntry, restoreEntry, saveWaitlistSettings, transitionEntry, type EntryState, type JoinInput, type WaitlistSettingsInput } from '../waitlist/queue';

// Host-stand changes share one rule (the host right at the location) and one audit shape, so
// they are small functions over the engine: check, change and audit in one transaction.

/** Throws PermissionDenied unless the actor runs the host stand of this location. */
export function requireHost(actor: UserPermissions, rlid: number): void {
  if (!canHost(actor, rlid)) throw new PermissionDenied('You do not have permission to run the host stand of this location.');
}

function partyLabel(entry: { first_name: string; last_name: string; party_size: number }): string {
  return `${entry.first_name} ${entry.last_name} (${entry.party_size})`;
}

/** The entry with this plan_ahead_id at this location; 404 for another location's entry. */
async function entryAt(trx: Db, rlid: number, planAheadId: string) {
  const entry = await findEntry(trx, planAheadId);
  if (!entry || entry.rlid !== rlid) throw new NotFoundError('There is no such party in this location\'s wait list.');
  return entry;
}

/** Notifies, seats, marks no-show or cancels a party. Audit 'waitlist.notified' / 'waitlist.seated' / … */
export async function changeEntryStatus(db: Db, actor: UserPermissions, rlid: number, planAheadId: string, to: WaitlistStatus, now: Date): Promise<EntryState> {
  requireHost(actor, rlid);
  return withTransaction(db, async (trx) => {
    const entry = await entryAt(trx, rlid, planAheadId);
    const state = await transitionEntry(trx, planAheadId, to, now);
    await writeLogEntry(trx, { action: `waitlist.${to}`, userId: actor.user.id, objectType: 'waitlist_entry', objectId: entry.id, label: partyLabel(entry), data: { rlid, from: entry.status } });
    return state;
  });
}

/** Undoes a seat, no-show or cancel made a few minutes ago: the party goes back to its place. Audit 'waitlist.restored'. */
export async function restoreParty(db: Db, actor: UserPermissions, rlid: number, planAheadId: string, now: Date): Promise<EntryState> {
  requireHost(actor, rlid);
  return withTransaction(db, async (trx) => {
    const entry = await entryAt(trx, rlid, planAheadId);
    const state = await restoreEntry(trx, planAheadId, now);
    await writeLogEntry(trx, { action: 'waitlist.restored', userId: actor.user.id, objectType: 'waitlist_entry', objectId: entry.id, label: partyLabel(entry), data: { rlid, from: state.from, position: state.entry.position } });
    return state;
  });
}

/** Moves a party one place up or down the queue. Audit 'waitlist.move'. */
export async function moveEntryOnePlace(db: Db, actor: UserPermissions, rlid: number, planAheadId: string, direction: 'up' | 'down'): Promise<EntryState> {
  requireHost(actor, rlid);
  return withTransaction(db, async (trx) => {
    const entry = await entryAt(trx, rlid, planAheadId);
    const from = entry.position ?? 0;
    const state = await moveEntry(trx, planAheadId, direction === 'up' ? from - 1 : from + 1);
    await writeLogEntry(trx, { action: 'waitlist.move', userId: actor.user.id, objectType: 'waitlist_entry', objectId: entry.id, label: partyLabel(entry), data: { rlid, from, to: state.entry.position } });
    return state;
  });
}

/** Adds a party that came to the door. Audit 'waitlist.walk_in'. */
export async function addWalkInParty(db: Db, actor: UserPermissions, input: Omit<JoinInput, 'idempotencyKey'>): Promise<EntryState> {
  requireHost(actor, input.rlid);
  return withTransaction(db, async (trx) => {
    const state = await addWalkIn(trx, input);
    await writeLogEntry(trx, { action: 'waitlist.walk_in', userId: actor.user.id, objectType: 'waitlist_entry', objectId: state.entry.id, label: partyLabel(state.entry), data: { rlid: input.rlid, position: state.entry.position } });
    return state;
  });
}

/** Saves the location's wait-list switch, party limit and turn settings. Audit 'waitlist.settings'. */
export async function saveHostSettings(db: Db, actor: UserPermissions, input: WaitlistSettingsInput): Promise<void> {
  requireHost(actor, input.rlid);
  await withTransaction(db, async (trx) => {
    await saveWaitlistSettings(trx, input);
    const { rlid, ...settings } = input;
    await writeLogEntry(trx, { action: 'waitlist.settings', userId: actor.user.id, objectType: 'location', objectId: rlid, label: `Location ${rlid}`, data: settings });
  });
}

/** Confirms or cancels one of the location's reservations. Audit 'reservation.confirm' / 'reservation.cancel'. */
export async function decideReservation(db: Db, actor: UserPermissions, rlid: number, reservationId: number, decision: 'confirm' | 'cancel'): Promise<Reservation> {
  requireHost(actor, rlid);
  return withTransaction(db, async (trx) => {
    const reservation = await trx.selectFrom('reservations').selectAll().where('id', '=', reservationId).where('rlid', '=', rlid).forUpdate().executeTakeFirst();
    if (!reservation) throw new NotFoundError('There is no such reservation at this location.');
    const changed = decision === 'confirm' ? await confirmReservation(trx, reservation) : await cancelReservation(trx, reservation);
    await writeLogEntry(trx, {
      action: `reservation.${decision}`,
      userId: actor.user.id,
      objectType: 'reservation',
      objectId: reservation.id,
      label: `${reservation.confirmation_code} ${partyLabel(reservation)}`,
      data: { rlid, from: reservation.status },
    });
    return changed;
  });
}
