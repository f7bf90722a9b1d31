import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import type { AdminLogEntry } from '../db/schema';
import { PermissionDenied } from '../errors';
import { writeLogEntry, type LogEntryInput } from '../models/admin-log';
import type { UserPermissions } from '../models/permissions';

/** The options of an action that takes none. */
export type NoOptions = Record<never, never>;

/** Options are left out when the action takes none, or when every one of them is optional. */
type OptionsArgs<Options> = NoOptions extends Options ? [options?: Options] : [options: Options];

/**
 * The shape of every change of state (Wagtail's actions): built from the database, the target
 * (the row it changes, or the fields of the row it creates), the acting user and options.
 * check() refuses with PermissionDenied as the target was given; execute(), in one
 * transaction, re-reads the target under a row lock, checks again against that fresh row, makes
 * the change and writes the audit entry; work asked for with afterCommit() (db/transaction.ts) runs after the commit.
 */
export abstract class Action<Target, Result, Options = NoOptions> {
  protected readonly options: Options;

  constructor(
    protected readonly db: Db,
    readonly target: Target,
    readonly actor: UserPermissions,
    ...[options]: OptionsArgs<Options>
  ) {
    // Left out only where OptionsArgs allows it: when no option is required.
    this.options = (options ?? {}) as Options;
  }

  /** Throws PermissionDenied (or another refusal) when the actor may not do this to the target as it is now. */
  async check(): Promise<void> {
    await this.checkAgainst(this.target, this.db);
  }

  /** Locks, checks, changes and audits in one transaction; after-commit work follows the commit. Returns the action's result. */
  async execute(): Promise<Result> {
    return withTransaction(this.db, async (trx) => {
      const current = await this.lockTarget(trx, this.target);
      await this.checkAgainst(current, trx);
      return this.perform(trx, current);
    });
  }

  /** The target re-read under a row lock (NotFoundError when it is gone); the fields themselves for a create. */
  protected abstract lockTarget(trx: Db, target: Target): Promise<Target>;

  /** The permission rule of this action, against a given state of the target. */
  protected abstract checkAgainst(target: Target, db: Db): void | Promise<void>;

  /** The change and its audit entry, inside the action's transaction. */
  protected abstract perform(trx: Db, target: Target): Promise<Result>;

  /** The acting user's id, for revisions and audit entries. */
  protected get actorId(): number {
    return this.actor.user.id;
  }

  /** Writes an audit entry by the acting user, inside the action's transaction. */
  protected audit(trx: Db, entry: Omit<LogEntryInput, 'userId'>): Promise<AdminLogEntry> {
    return writeLogEntry(trx, { ...entry, userId: this.actorId });
  }
}

/** An action that creates a row: its target is the new row's fields, with no row yet to lock. */
export abstract class CreateAction<Fields, Result, Options = NoOptions> extends Action<Fields, Result, Options> {
  protected async lockTarget(_trx: Db, fields: Fields): Promise<Fields> {
    return fields;
  }
}

/**
 * A change the system makes on its own, with no acting user to check (the scheduler, the command
 * line): the same shape otherwise. execute(), in one transaction, claims the rows it changes
 * under lock, makes the change and writes audit entries by nobody (user_id null, as Wagtail logs
 * what its management commands do); work asked for with afterCommit() runs after the commit.
 */
export abstract class SystemAction<Options, Claimed, Result> {
  constructor(
    protected readonly db: Db,
    protected readonly options: Options,
  ) {}

  /** Claims, changes and audits in one transaction; after-commit work follows the commit. */
  async execute(): Promise<Result> {
    return withTransaction(this.db, async (trx) => this.perform(trx, await this.claim(trx)));
  }

  /** The rows this change acts on, read under a row lock (or refused when the change cannot be made). */
  protected abstract claim(trx: Db): Promise<Claimed>;

  /** The change and its audit entries, inside the action's transaction. */
  protected abstract perform(trx: Db, claimed: Claimed): Promise<Result>;

  /** Writes an audit entry by the system, inside the action's transaction. */
  protected audit(trx: Db, entry: Omit<LogEntryInput, 'userId'>): Promise<AdminLogEntry> {
    return writeLogEntry(trx, { ...entry, userId: null });
  }
}

/** Throws PermissionDenied with the refusal's reason, if there is one. */
export function refuseWith(refusal: string | null): void {
  if (refusal !== null) throw new PermissionDenied(refusal);
}
