import { sql } from 'kysely';
import type { Db } from '../db/database';
import { withTransaction } from '../db/transaction';
import type { User } from '../db/schema';
import { hashPassword, passwordMatchesHash } from './password-hash';

/** The active user with these credentials, or undefined; usernames match case-insensitively. */
export async function verifyCredentials(db: Db, username: string, password: string): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
  const matches = await passwordMatchesHash(user?.password, password);
  return user && user.is_active && matches ? user : undefined;
}

/** Options of a new user. */
export interface CreateUserOptions {
  username: string;
  email?: string;
  password: string;
  firstName?: string;
  lastName?: string;
  isSuperuser?: boolean;
}

/** Creates a user with a hashed password. */
export async function createUser(db: Db, options: CreateUserOptions): Promise<User> {
  return db
    .insertInto('users')
    .values({
      username: options.username.trim(),
      email: options.email ?? '',
      first_name: options.firstName ?? '',
      last_name: options.lastName ?? '',
      password: await hashPassword(options.password),
      is_superuser: options.isSuperuser ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a successful sign-in. */
export async function recordLogin(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', userId).execute();
}

/** The user with this id, or undefined. */
export async function getUser(db: Db, id: number): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Changes a user's name and email. */
export async function updateUserDetails(db: Db, userId: number, details: { firstName: string; lastName: string; email: string; currentTimeZone: string }): Promise<User> {
  return db
    .updateTable('users')
    .set({ first_name: details.firstName, last_name: details.lastName, email: details.email, current_time_zone: details.currentTimeZone })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces a user's password with a new argon2id hash and ends every session they had. */
export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await withTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ password: hash }).where('id', '=', userId).execute();
    await endSessionsOf(trx, userId);
  });
}

/** Deletes every stored session of a user, signing them out everywhere. */
export async function endSessionsOf(db: Db, userId: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where(sql<string>`data->>'userId'`, '=', String(userId))
    .execute();
}

/** Whether `password` is the user's current password. */
export async function passwordIsCurrent(user: Pick<User, 'password'>, password: string): Promise<boolean> {
  return passwordMatchesHash(user.password, password);
}

/** The user with this username (case-insensitive), or undefined. */
export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Usernames by user id, for lists that show who did what. */
export async function usernamesByIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
