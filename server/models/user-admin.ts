import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { withTransaction } from '../db/transaction';
import { hashPassword } from './password-hash';
import { endSessionsOf } from './users';

/** How many users the users list shows at once. */
export const USERS_PAGE_SIZE = 50;

/** A user as the users list shows them, with group names. */
export type ListedUser = User & { group_names: string[] };

/** Users matching `search` in username, email or name, by username, one screen (the slice) at a time. */
export async function listUsers(db: Db, search: string, slice: { offset: number; limit: number }): Promise<{ rows: ListedUser[]; total: number }> {
  let base = db.selectFrom('users');
  const term = search.trim();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    base = base.where((eb) => eb.or([eb('username', 'ilike', pattern), eb('email', 'ilike', pattern), eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern)]));
  }
  const [users, count] = await Promise.all([
    base
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('user_groups')
          .innerJoin('groups', 'groups.id', 'user_groups.group_id')
          .select(sql<string[]>`coalesce(array_agg(groups.name order by groups.name), '{}')`.as('names'))
          .whereRef('user_groups.user_id', '=', 'users.id')
          .as('group_names'),
      )
      .orderBy('username')
      .offset(slice.offset)
      .limit(slice.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: users.map((user) => ({ ...user, group_names: user.group_names ?? [] })), total: Number(count.n) };
}

/** The ids of a user's groups. */
export async function userGroupIds(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()).map((row) => row.group_id);
}

/** What the user editor saves; a password only when one was given. */
export interface UserInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isSuperuser: boolean;
  groupIds: number[];
  password?: string;
}

/** Creates a user (id undefined) or updates one, with group memberships; returns it. */
export async function saveUser(db: Db, id: number | undefined, input: UserInput): Promise<User> {
  const hash = input.password === undefined ? undefined : await hashPassword(input.password);
  return withTransaction(db, async (trx) => {
    const values = {
      username: input.username,
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      is_active: input.isActive,
      is_superuser: input.isSuperuser,
      ...(hash === undefined ? {} : { password: hash }),
    };
    const user =
      id === undefined
        ? await trx.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow()
        : await trx.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await trx.deleteFrom('user_groups').where('user_id', '=', user.id).execute();
    const groupIds = [...new Set(input.groupIds)];
    if (groupIds.length)
      await trx
        .insertInto('user_groups')
        .values(groupIds.map((groupId) => ({ user_id: user.id, group_id: groupId })))
        .execute();
    // A deactivated user or a new password ends the sessions they had.
    if (id !== undefined && (!input.isActive || hash !== undefined)) {
      await endSessionsOf(trx, user.id);
    }
    return user;
  });
}

/** Activates or deactivates a user; deactivating ends their sessions. */
export async function setUserActive(db: Db, userId: number, isActive: boolean): Promise<void> {
  await withTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ is_active: isActive }).where('id', '=', userId).execute();
    if (!isActive) await endSessionsOf(trx, userId);
  });
}

/** Deletes a user and their sessions; their pages and revisions keep a null author. */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await withTransaction(db, async (trx) => {
    await endSessionsOf(trx, userId);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
