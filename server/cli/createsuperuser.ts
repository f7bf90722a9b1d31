/**
 * npm run createsuperuser [-- --username U --email E --password P]: creates a superuser.
 * Missing values come from DJANGO_SUPERUSER_USERNAME / _EMAIL / _PASSWORD, then prompts.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { CreateSuperuserAction } from '../actions/manage-accounts';
import { migrateToLatest } from '../db/migrate';
import { ValidationError } from '../errors';
import { refineNewPassword } from '../models/password-validation';
import { openConfigured, runMain } from '../startup';

const superuserSchema = z
  .object({
    username: z.string().trim().min(1, 'a username is required').max(150),
    email: z.union([z.literal(''), z.email('enter a valid email address')]),
    password: z.string(),
  })
  .superRefine((input, ctx) => refineNewPassword(ctx, 'password', input.password, { username: input.username, email: input.email }));

async function ask(question: string, hidden = false): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (hidden && process.stdin.isTTY) {
    // Echo nothing of what is typed after the question itself.
    const output = rl as unknown as { _writeToOutput(text: string): void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (text: string) => write(text.startsWith(question) ? text : '');
  }
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

runMain(async () => {
  const { values } = parseArgs({ options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
  const username = values.username ?? process.env.DJANGO_SUPERUSER_USERNAME ?? (await ask('Username: '));
  const email = values.email ?? process.env.DJANGO_SUPERUSER_EMAIL ?? (await ask('Email address: '));
  let password = values.password ?? process.env.DJANGO_SUPERUSER_PASSWORD;
  if (password === undefined) {
    password = await ask('Password: ', true);
    if ((await ask('\nPassword (again): ', true)) !== password) {
      console.error('\nError: the two passwords do not match.');
      process.exit(2);
    }
    console.log();
  }
  const input = superuserSchema.safeParse({ username, email: email.trim(), password });
  if (!input.success) {
    console.error(`Error: ${input.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    process.exit(2);
  }
  const { database } = await openConfigured();
  try {
    await migrateToLatest(database.db);
    const user = await new CreateSuperuserAction(database.db, input.data).execute();
    console.log(`Superuser "${user.username}" created.`);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.error(`Error: ${error.message}`);
    process.exitCode = 2;
  } finally {
    await database.close();
  }
});
