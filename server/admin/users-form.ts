/** The user add and edit form (Wagtail's UserCreationForm and UserEditForm): its fields, how a user fills it, and how a post is read. */
import { z } from 'zod';
import { gettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { addProblem, emptyProblems, parseForm, type FormResult } from '../forms/problems';
import { refineNewPassword } from '../models/password-validation';
import { userGroupIds, type UserInput } from '../models/user-admin';
import { findUserByUsername } from '../models/users';

const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on');
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );

function userFormSchema(isNew: boolean) {
  return z
    .object({
      username: z
        .string()
        .trim()
        .min(1, 'A username is required.')
        .max(150)
        .regex(/^[\w.@+-]+$/, 'Use only letters, digits and @ . + - _'),
      email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Enter a valid email address.'))]).default(''),
      first_name: z.string().trim().max(150).default(''),
      last_name: z.string().trim().max(150).default(''),
      password1: z.string().max(1024).default(''),
      password2: z.string().max(1024).default(''),
      is_active: checkbox,
      is_superuser: checkbox,
      groups: idList,
    })
    .superRefine((form, ctx) => {
      if (isNew && form.password1 === '') ctx.addIssue({ code: 'custom', path: ['password1'], message: 'A password is required.' });
      if (form.password1 !== '')
        refineNewPassword(ctx, 'password1', form.password1, { username: form.username, firstName: form.first_name, lastName: form.last_name, email: form.email });
      if (form.password1 !== form.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: 'The two passwords do not match.' });
    });
}

/** The form's values of a stored user, with their groups. */
export async function userValues(db: Db, user: User): Promise<Record<string, unknown>> {
  return {
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_active: user.is_active ? 'on' : undefined,
    is_superuser: user.is_superuser ? 'on' : undefined,
    groups: (await userGroupIds(db, user.id)).map(String),
  };
}

/** Reads a posted user form; a username another user has is refused beside its field. Passwords are never shown again. */
export async function readUserForm(db: Db, body: Readonly<Record<string, unknown>>, user: User | undefined): Promise<FormResult<UserInput>> {
  const form = parseForm(userFormSchema(user === undefined), body);
  const values = { ...body, password1: '', password2: '' };
  if (!form.ok) return { ...form, values };
  const existing = await findUserByUsername(db, form.data.username);
  if (existing && existing.id !== user?.id) {
    const problems = emptyProblems(values);
    addProblem(problems, 'username', gettext('A user with that username already exists.'));
    return { ok: false, ...problems };
  }
  const { username, email, first_name, last_name, is_active, is_superuser, groups, password1 } = form.data;
  return {
    ok: true,
    data: {
      username,
      email,
      firstName: first_name,
      lastName: last_name,
      isActive: is_active,
      isSuperuser: is_superuser,
      groupIds: groups,
      password: password1 === '' ? undefined : password1,
    },
  };
}
