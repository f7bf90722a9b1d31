import type { Db } from '../db/database';
import type { Reservation, WaitlistEntry, WaitlistStatus } from '../db/schema';
import { NotFoundError, PermissionDenied } from '../errors';
import type { UserPermissions } from '../models/permissions';
import { cancelReservation, confirmReservation, reservationAt } from '../models/reservations/book';
import { addWalkIn, entryAt, moveEntry, restoreEntry, transitionEntry, type EntryState, type JoinInput } from '../models/waitlist/queue';
import { saveWaitlistSettings, type WaitlistSettingsInput } from '../models/waitlist/location-waitlist';
import { Action, CreateAction } from './action';
import { locationPolicy } from '../models/permission-policies';

// Host-stand changes share one rule (the host right at the location) and one audit shape.

/** Throws PermissionDenied unless the actor runs the host stand of this location. */
export function requireHost(actor: UserPermissions, rlid: number): void {
  if (!locationPolicy.userHasPermissionForInstance(actor, 'host', rlid)) throw new PermissionDenied('You do not have permission to run the host stand of this location.');
}

function partyLabel(entry: { first_name: string; last_name: string; party_size: number }): string {
  return `${entry.first_name} ${entry.last_name} (${entry.party_size})`;
}

const NO_SUCH_PARTY = "There is no such party in this location's wait list.";

/** The party with this plan_ahead_id in a location's wait list: the target of the party actions; 404 for another location's. */
export async function hostedParty(db: Db, rlid: number, planAheadId: string): Promise<WaitlistEntry> {
  const entry = await entryAt(db, rlid, planAheadId);
  if (!entry) throw new NotFoundError(NO_SUCH_PARTY);
  return entry;
}

/** An action of the host on a party in the wait list, re-read under the location's lock (the queue's lock order). */
abstract class PartyAction<Options> extends Action<WaitlistEntry, EntryState, Options> {
  protected async lockTarget(trx: Db, entry: WaitlistEntry): Promise<WaitlistEntry> {
    const current = await entryAt(trx, entry.rlid, entry.plan_ahead_id, { lock: true });
    if (!current) throw new NotFoundError(NO_SUCH_PARTY);
    return current;
  }

  protected checkAgainst(entry: WaitlistEntry): void {
    requireHost(this.actor, entry.rlid);
  }

  /** Writes the audit entry of a change to this party. */
  protected auditParty(trx: Db, action: string, entry: WaitlistEntry, data: Record<string, unknown>) {
    return this.audit(trx, { action, objectType: 'waitlist_entry', objectId: entry.id, label: partyLabel(entry), data: { rlid: entry.rlid, ...data } });
  }
}

/** Notifies, seats, marks no-show or cancels a party. Audit 'waitlist.notified' / 'waitlist.seated' / … */
export class ChangePartyStatusAction extends PartyAction<{ to: WaitlistStatus; now: Date }> {
  protected async perform(trx: Db, entry: WaitlistEntry): Promise<EntryState> {
    const state = await transitionEntry(trx, entry.plan_ahead_id, this.options.to, this.options.now);
    await this.auditParty(trx, `waitlist.${this.options.to}`, entry, { from: entry.status });
    return state;
  }
}

/** Undoes a seat, no-show or cancel made a few minutes ago: the party goes back to its place. Audit 'waitlist.restored'. */
export class RestorePartyAction extends PartyAction<{ now: Date }> {
  protected async perform(trx: Db, entry: WaitlistEntry): Promise<EntryState> {
    const state = await restoreEntry(trx, entry.plan_ahead_id, this.options.now);
    await this.auditParty(trx, 'waitlist.restored', entry, { from: state.from, position: state.entry.position });
    return state;
  }
}

/** Moves a party one place up or down the queue. Audit 'waitlist.move'. */
export class MovePartyAction extends PartyAction<{ direction: 'up' | 'down' }> {
  protected async perform(trx: Db, entry: WaitlistEntry): Promise<EntryState> {
    const from = entry.position ?? 0;
    const state = await moveEntry(trx, entry.plan_ahead_id, this.options.direction === 'up' ? from - 1 : from + 1);
    await this.auditParty(trx, 'waitlist.move', entry, { from, to: state.entry.position });
    return state;
  }
}

/** Adds a party that came to the door (the target). Audit 'waitlist.walk_in'. */
export class AddWalkInAction extends CreateAction<Omit<JoinInput, 'idempotencyKey'>, EntryState> {
  protected checkAgainst(input: Omit<JoinInput, 'idempotencyKey'>): void {
    requireHost(this.actor, input.rlid);
  }

  protected async perform(trx: Db, input: Omit<JoinInput, 'idempotencyKey'>): Promise<EntryState> {
    const state = await addWalkIn(trx, input);
    await this.audit(trx, {
      action: 'waitlist.walk_in',
      objectType: 'waitlist_entry',
      objectId: state.entry.id,
      label: partyLabel(state.entry),
      data: { rlid: input.rlid, position: state.entry.position },
    });
    return state;
  }
}

/** Saves the location's wait-list switch, party limit and turn settings (the target). Audit 'waitlist.settings'. */
export class SaveHostSettingsAction extends Action<WaitlistSettingsInput, void> {
  // The settings replace the location's whatever they were; saveWaitlistSettings locks the location row first.
  protected async lockTarget(_trx: Db, input: WaitlistSettingsInput): Promise<WaitlistSettingsInput> {
    return input;
  }

  protected checkAgainst(input: WaitlistSettingsInput): void {
    requireHost(this.actor, input.rlid);
  }

  protected async perform(trx: Db, input: WaitlistSettingsInput): Promise<void> {
    await saveWaitlistSettings(trx, input);
    const { rlid, ...settings } = input;
    await this.audit(trx, { action: 'waitlist.settings', objectType: 'location', objectId: rlid, label: `Location ${rlid}`, data: settings });
  }
}

const NO_SUCH_RESERVATION = 'There is no such reservation at this location.';

/** One of a location's reservations: the target of DecideReservationAction; 404 for another location's. */
export async function hostedReservation(db: Db, rlid: number, id: number): Promise<Reservation> {
  const reservation = await reservationAt(db, rlid, id);
  if (!reservation) throw new NotFoundError(NO_SUCH_RESERVATION);
  return reservation;
}

/** Confirms or cancels one of the location's reservations. Audit 'reservation.confirm' / 'reservation.cancel'. */
export class DecideReservationAction extends Action<Reservation, Reservation, { decision: 'confirm' | 'cancel' }> {
  protected async lockTarget(trx: Db, reservation: Reservation): Promise<Reservation> {
    const current = await reservationAt(trx, reservation.rlid, reservation.id, { lock: true });
    if (!current) throw new NotFoundError(NO_SUCH_RESERVATION);
    return current;
  }

  protected checkAgainst(reservation: Reservation): void {
    requireHost(this.actor, reservation.rlid);
  }

  protected async perform(trx: Db, reservation: Reservation): Promise<Reservation> {
    const { decision } = this.options;
    const changed = decision === 'confirm' ? await confirmReservation(trx, reservation) : await cancelReservation(trx, reservation);
    await this.audit(trx, {
      action: `reservation.${decision}`,
      objectType: 'reservation',
      objectId: reservation.id,
      label: `${reservation.confirmation_code} ${partyLabel(reservation)}`,
      data: { rlid: reservation.rlid, from: reservation.status },
    });
    return changed;
  }
}
