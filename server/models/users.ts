import argon2 from 'argon2';
import type { Db } from '../db/database';
import type { User } from '../db/schema';

// Verified against when the username is unknown, so both cases take the same time.
const DUMMY_HASH_PROMISE = argon2.hash('not a real password', { type: argon2.argon2id });

/** An argon2id hash of a password, for storing. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** The active user with these credentials, or undefined; usernames match case-insensitively. */
export async function verifyCredentials(db: Db, username: string, password: string): Promise<User | undefined> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
  const hash = user?.password || (await DUMMY_HASH_PROMISE);
  const matches = await argon2.verify(hash, password).catch(() => false);
  return user && user.is_active && user.password && matches ? user : undefined;
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

/**
 * Whether the signed-in user may use staff-only tools: an active superuser. The back office's
 * group permissions widen this to every active user whose group grants admin access.
 */
export async function isStaff(db: Db, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const user = await db.selectFrom('users').select(['is_active', 'is_superuser']).where('id', '=', userId).executeTakeFirst();
  return Boolean(user?.is_active && user.is_superuser);
}
