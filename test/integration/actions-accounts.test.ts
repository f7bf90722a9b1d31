import { expect } from 'chai';
import {
  CreateGroupAction,
  CreateSuperuserAction,
  CreateUserAction,
  DeleteGroupAction,
  DeleteUserAction,
  EditGroupAction,
  EditUserAction,
  SetUserActiveAction,
} from '../../server/actions/manage-accounts';
import { CreateTaskAction, CreateWorkflowAction, EditTaskAction, EditWorkflowAction, SetTaskActiveAction, SetWorkflowActiveAction } from '../../server/actions/manage-workflows';
import { ChangePasswordAction, CurrentPasswordError, EditAccountDetailsAction, ResetPasswordAction } from '../../server/actions/own-account';
import type { Db } from '../../server/db/database';
import { NotFoundError, ValidationError } from '../../server/errors';
import { makeResetToken } from '../../server/models/password-reset';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { getUser, passwordIsCurrent } from '../../server/models/users';
import { TEST_PASSWORD } from '../support/admin';
import { actorWith, auditCodes, expectRefused } from '../support/actions';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';

const SECRET = 'test-secret-key-for-reset-links';
const NEW_PASSWORD = 'a-brand-new-long-passphrase';
const emptyGrants = { pageGrants: [], collectionGrants: [], hostGrant: { scope: 'none' as const }, objectGrants: [] };

describe('actions: the shape, accounts and workflows', function () {
  this.timeout(120_000);
  let db: Db;
  let superuser: UserPermissions;
  let editor: UserPermissions;
  before(async () => {
    db = await testDb();
    superuser = await actorWith(db, { superuser: true });
    editor = await actorWith(db);
  });

  it('creates, edits, deactivates and deletes users for user managers only, never themselves', async () => {
    const input = {
      username: `user-${uniqueSuffix()}`,
      email: 'u@example.com',
      firstName: 'U',
      lastName: 'Ser',
      isActive: true,
      isSuperuser: false,
      groupIds: [],
      password: NEW_PASSWORD,
    };
    await expectRefused(new CreateUserAction(db, input, editor).execute());
    const user = await new CreateUserAction(db, input, superuser).execute();
    await expectRefused(new EditUserAction(db, user, editor, { ...input, firstName: 'Sly' }).execute());
    expect(await new EditUserAction(db, user, superuser, { ...input, firstName: 'Una' }).execute()).to.include({ first_name: 'Una' });
    await expectRefused(new SetUserActiveAction(db, user, editor, { isActive: false }).execute());
    await new SetUserActiveAction(db, user, superuser, { isActive: false }).execute();
    await expectRefused(new SetUserActiveAction(db, superuser.user, superuser, { isActive: false }).execute(), ValidationError);
    await expectRefused(new DeleteUserAction(db, user, editor).execute());
    await new DeleteUserAction(db, user, superuser).execute();
    await expectRefused(new DeleteUserAction(db, user, superuser).execute(), NotFoundError);
    expect(await auditCodes(db, 'user', user.id)).to.deep.equal(['user.create', 'user.edit', 'user.deactivate', 'user.delete']);
  });

  it('creates a superuser as the system, audited by nobody, refusing a username taken in another case', async () => {
    const username = `skipper-${uniqueSuffix()}`;
    const user = await new CreateSuperuserAction(db, { username, email: '', password: NEW_PASSWORD }).execute();
    expect(user).to.include({ username, is_superuser: true });
    expect(await passwordIsCurrent(user, NEW_PASSWORD)).to.equal(true);
    const refused = await expectRefused(new CreateSuperuserAction(db, { username: username.toUpperCase(), email: '', password: NEW_PASSWORD }).execute(), ValidationError);
    expect(refused.message).to.equal(`the username "${username.toUpperCase()}" is already taken.`);
    const entries = await db.selectFrom('admin_log_entries').select(['action', 'user_id']).where('object_type', '=', 'user').where('object_id', '=', user.id).execute();
    expect(entries).to.deep.equal([{ action: 'user.create', user_id: null }]);
  });

  it('creates, edits and deletes groups for user managers only', async () => {
    const input = { name: `Group ${uniqueSuffix()}`, canAccessAdmin: true, ...emptyGrants };
    await expectRefused(new CreateGroupAction(db, input, editor).execute());
    const group = await new CreateGroupAction(db, input, superuser).execute();
    await expectRefused(new EditGroupAction(db, group, editor, { ...input, canAccessAdmin: false }).execute());
    expect(await new EditGroupAction(db, group, superuser, { ...input, canAccessAdmin: false }).execute()).to.include({ can_access_admin: false });
    await expectRefused(new DeleteGroupAction(db, group, editor).execute());
    await new DeleteGroupAction(db, group, superuser).execute();
    expect(await auditCodes(db, 'group', group.id)).to.deep.equal(['group.create', 'group.edit', 'group.delete']);
  });

  it("saves a user's own account details, audited 'user.edit', and refuses anybody else's", async () => {
    const owner = await actorWith(db);
    const details = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', currentTimeZone: '' };
    await expectRefused(new EditAccountDetailsAction(db, owner.user, editor, details).execute());
    expect(await new EditAccountDetailsAction(db, owner.user, owner, details).execute()).to.include({ first_name: 'Ada', email: 'ada@example.com' });
    const [entry] = await db.selectFrom('admin_log_entries').selectAll().where('object_type', '=', 'user').where('object_id', '=', owner.user.id).execute();
    expect(entry).to.include({ action: 'user.edit', user_id: owner.user.id });
    expect(entry!.data).to.deep.equal({ changed: ['first_name', 'last_name', 'email'] });
  });

  it("changes a user's own password given the current one, audited 'user.change_password'", async () => {
    const owner = await actorWith(db);
    await expectRefused(new ChangePasswordAction(db, owner.user, owner, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }).execute(), CurrentPasswordError);
    await expectRefused(new ChangePasswordAction(db, owner.user, editor, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).execute());
    expect(await auditCodes(db, 'user', owner.user.id)).to.deep.equal([]);
    await new ChangePasswordAction(db, owner.user, owner, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD }).execute();
    expect(await passwordIsCurrent((await getUser(db, owner.user.id))!, NEW_PASSWORD)).to.equal(true);
    expect(await auditCodes(db, 'user', owner.user.id)).to.deep.equal(['user.change_password']);
    // The old password no longer passes: a second change with it is refused.
    await expectRefused(new ChangePasswordAction(db, owner.user, owner, { currentPassword: TEST_PASSWORD, newPassword: 'another-long-passphrase' }).execute(), CurrentPasswordError);
  });

  it("sets a new password through a reset link once, audited 'user.reset_password'", async () => {
    const { user } = await actorWith(db);
    const now = new Date();
    const token = makeResetToken(user, SECRET, now);
    const owner = await loadUserPermissions(db, user);
    await expectRefused(new ResetPasswordAction(db, user, owner, { token: 'bad-token', secret: SECRET, newPassword: NEW_PASSWORD, now }).execute());
    await new ResetPasswordAction(db, user, owner, { token, secret: SECRET, newPassword: NEW_PASSWORD, now }).execute();
    expect(await passwordIsCurrent((await getUser(db, user.id))!, NEW_PASSWORD)).to.equal(true);
    // The new password changed what the token signed: the link is spent.
    await expectRefused(new ResetPasswordAction(db, user, owner, { token, secret: SECRET, newPassword: 'another-long-passphrase', now }).execute());
    expect(await auditCodes(db, 'user', user.id)).to.deep.equal(['user.reset_password']);
  });

  it('creates, edits, disables and enables workflows and tasks for workflow managers only', async () => {
    const { home } = await createTestSite(db);
    const taskInput = { name: `Review ${uniqueSuffix()}`, groupIds: [] };
    await expectRefused(new CreateTaskAction(db, taskInput, editor).execute());
    const task = await new CreateTaskAction(db, taskInput, superuser).execute();
    await expectRefused(new EditTaskAction(db, task, editor, { ...taskInput, name: 'Sly' }).execute());
    await new EditTaskAction(db, task, superuser, { ...taskInput, name: `${taskInput.name}!` }).execute();
    await expectRefused(new SetTaskActiveAction(db, task, editor, { active: false }).execute());
    await new SetTaskActiveAction(db, task, superuser, { active: false }).execute();
    await new SetTaskActiveAction(db, task, superuser, { active: true }).execute();
    expect(await auditCodes(db, 'task', task.id)).to.deep.equal(['task.create', 'task.edit', 'task.disable', 'task.enable']);

    const workflowInput = { name: `Approval ${uniqueSuffix()}`, taskIds: [task.id], pageIds: [home.id] };
    await expectRefused(new CreateWorkflowAction(db, workflowInput, editor).execute());
    const workflow = await new CreateWorkflowAction(db, workflowInput, superuser).execute();
    await expectRefused(new EditWorkflowAction(db, workflow, editor, workflowInput).execute());
    await new EditWorkflowAction(db, workflow, superuser, { ...workflowInput, pageIds: [] }).execute();
    await expectRefused(new SetWorkflowActiveAction(db, workflow, editor, { active: false }).execute());
    await new SetWorkflowActiveAction(db, workflow, superuser, { active: false }).execute();
    expect(await auditCodes(db, 'workflow', workflow.id)).to.deep.equal(['workflow.create', 'workflow.edit', 'workflow.disable']);
  });
});
