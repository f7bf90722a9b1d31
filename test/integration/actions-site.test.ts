import { expect } from 'chai';
import { DeleteFormSubmissionsAction } from '../../server/actions/delete-form-submissions';
import { AddWalkInAction, ChangePartyStatusAction, DecideReservationAction, MovePartyAction, RestorePartyAction, SaveHostSettingsAction } from '../../server/actions/host-stand';
import { CreateCollectionAction, DeleteCollectionAction, EditCollectionAction, SetCollectionPrivacyAction } from '../../server/actions/manage-collections';
import { CreateRedirectAction, DeleteRedirectAction, EditRedirectAction } from '../../server/actions/manage-redirects';
import { EditSiteSettingsAction } from '../../server/actions/manage-site-settings';
import { AddSiteAction, DeleteSiteAction, EditSiteAction } from '../../server/actions/manage-sites';
import { CreateSnippetAction, DeleteSnippetAction, EditSnippetAction } from '../../server/actions/manage-snippets';
import type { Db } from '../../server/db/database';
import { rootCollection } from '../../server/models/collections';
import { insertLocations } from '../../server/models/locations';
import { loadUserPermissions, type UserPermissions } from '../../server/models/permissions';
import { DEFAULT_SITE_SETTINGS } from '../../server/models/site-settings';
import { saveFormSubmission } from '../../server/models/form-submissions';
import { addChild } from '../../server/models/pages';
import { newConfirmationCode } from '../../server/models/reservations/book';
import { joinWaitlist } from '../../server/models/waitlist/queue';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { actorWith, auditCodes, expectRefused } from '../support/actions';
import { createAdminUser } from '../support/admin';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';

/** A staff user whose group runs the host stand of this location. */
async function hostAt(db: Db, rlid: number): Promise<UserPermissions> {
  const user = await createAdminUser(db);
  const { group_id } = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  await db.insertInto('group_location_permissions').values({ group_id, rlid, permission: 'host' }).execute();
  return loadUserPermissions(db, user);
}

describe('actions: collections, form submissions, redirects, sites, snippets and the host stand', function () {
  this.timeout(120_000);
  let db: Db;
  let superuser: UserPermissions;
  let editor: UserPermissions;
  before(async () => {
    db = await testDb();
    superuser = await actorWith(db, { superuser: true });
    editor = await actorWith(db);
  });

  it('creates, edits, restricts and deletes collections where the actor may', async () => {
    const root = await rootCollection(db);
    const input = { name: `Menus ${uniqueSuffix()}`, parentId: root.id };
    await expectRefused(new CreateCollectionAction(db, input, editor).execute(), Error);
    const collection = await new CreateCollectionAction(db, input, superuser).execute();
    await expectRefused(new EditCollectionAction(db, collection, editor, { ...input, name: 'Sly' }).execute());
    await new EditCollectionAction(db, collection, superuser, { ...input, name: `${input.name}!` }).execute();
    await expectRefused(new SetCollectionPrivacyAction(db, collection, editor, { type: 'login' }).execute());
    await new SetCollectionPrivacyAction(db, collection, superuser, { type: 'login' }).execute();
    await expectRefused(new DeleteCollectionAction(db, collection, editor).execute());
    await new DeleteCollectionAction(db, collection, superuser).execute();
    expect(await auditCodes(db, 'collection', collection.id)).to.deep.equal(['collection.create', 'collection.edit', 'collection.view_restriction.create', 'collection.delete']);
  });

  it("deletes a form's submissions for a user who may change the form page, one audit entry each", async () => {
    const { home } = await createTestSite(db);
    const form = await addChild(db, home, { title: 'Contact us', slug: `contact-${uniqueSuffix()}`, pageType: 'contact_us_page', content: {} });
    const pageEditor = await actorWith(db, { pagePermissions: [{ page: home, permissions: ['change'] }] });
    const submissions = await Promise.all(['Ana', 'Ben'].map((name) => saveFormSubmission(db, { pageId: form.id, formData: { first_name: name }, ipHash: 'test' }, null)));
    const ids = submissions.map((submission) => submission.id);
    await expectRefused(new DeleteFormSubmissionsAction(db, form, editor, { ids }).execute());
    const deleted = await new DeleteFormSubmissionsAction(db, form, pageEditor, { ids }).execute();
    expect(deleted.map((submission) => submission.id).sort((a, b) => a - b)).to.deep.equal([...ids].sort((a, b) => a - b));
    expect(await db.selectFrom('form_submissions').select('id').where('page_id', '=', form.id).execute()).to.deep.equal([]);
    for (const id of ids) expect(await auditCodes(db, 'form_submission', id)).to.deep.equal(['form_submission.delete']);
  });

  it('creates, edits and deletes redirects with the redirect permissions', async () => {
    const manager = await actorWith(db, { objectPermissions: [{ model: 'redirect', permissions: ['add', 'change', 'delete'] }] });
    const input = { oldPath: `/old-${uniqueSuffix()}`, siteId: null, isPermanent: true, redirectPageId: null, redirectLink: 'https://example.com/new' };
    await expectRefused(new CreateRedirectAction(db, input, editor).execute());
    const redirect = await new CreateRedirectAction(db, input, manager).execute();
    await expectRefused(new EditRedirectAction(db, redirect, editor, { ...input, isPermanent: false }).execute());
    expect(await new EditRedirectAction(db, redirect, manager, { ...input, isPermanent: false }).execute()).to.include({ is_permanent: false });
    await expectRefused(new DeleteRedirectAction(db, redirect, editor).execute());
    await new DeleteRedirectAction(db, redirect, manager).execute();
    expect(await auditCodes(db, 'redirect', redirect.id)).to.deep.equal(['redirect.create', 'redirect.edit', 'redirect.delete']);
  });

  it('adds, edits and deletes sites and changes their settings with the site permissions', async () => {
    const { home } = await createTestSite(db);
    const manager = await actorWith(db, {
      objectPermissions: [
        { model: 'site', permissions: ['add', 'change', 'delete'] },
        { model: 'site_settings', permissions: ['change'] },
      ],
    });
    const fields = { hostname: `another-${uniqueSuffix()}.test`, port: 80, siteName: 'Another', rootPageId: home.id, isDefault: false };
    await expectRefused(new AddSiteAction(db, fields, editor).execute());
    const site = await new AddSiteAction(db, fields, manager).execute();
    await expectRefused(new EditSiteAction(db, site, editor, { ...fields, siteName: 'Sly' }).execute());
    await new EditSiteAction(db, site, manager, { ...fields, siteName: 'Renamed' }).execute();
    const settings = { ...DEFAULT_SITE_SETTINGS, useNewHeader: !DEFAULT_SITE_SETTINGS.useNewHeader };
    await expectRefused(new EditSiteSettingsAction(db, site, editor, settings).execute());
    expect(await new EditSiteSettingsAction(db, site, manager, settings).execute()).to.include({ useNewHeader: settings.useNewHeader });
    await expectRefused(new DeleteSiteAction(db, site, editor).execute());
    await new DeleteSiteAction(db, site, manager).execute();
    expect(await auditCodes(db, 'site', site.id)).to.deep.equal(['site.create', 'site.edit', 'site.delete']);
    expect(await auditCodes(db, 'site_settings', site.id)).to.deep.equal(['site_settings.edit']);
  });

  it('creates, edits and deletes snippets with the model permissions', async () => {
    const manager = await actorWith(db, { objectPermissions: [{ model: 'toolbox_snippet', permissions: ['add', 'change', 'delete'] }] });
    const now = new Date();
    const fields = { title: `Toolbox ${uniqueSuffix()}`, body: [] };
    await expectRefused(new CreateSnippetAction(db, { model: 'toolbox_snippet', fields }, editor, { now }).execute());
    const object = await new CreateSnippetAction(db, { model: 'toolbox_snippet', fields }, manager, { now }).execute();
    const ref = { model: 'toolbox_snippet' as const, object };
    await expectRefused(new EditSnippetAction(db, ref, editor, { fields: { ...fields, title: 'Sly' }, now }).execute());
    expect(await new EditSnippetAction(db, ref, manager, { fields: { ...fields, title: 'Renamed' }, now }).execute()).to.include({ title: 'Renamed' });
    await expectRefused(new DeleteSnippetAction(db, ref, editor).execute());
    await new DeleteSnippetAction(db, ref, manager).execute();
    expect(await auditCodes(db, 'toolbox_snippet', object.id)).to.deep.equal(['snippet.create', 'snippet.edit', 'snippet.delete']);
  });

  it('moves parties, adds walk-ins, saves settings and decides reservations for hosts of the location only', async () => {
    const rlid = uniqueRlidBase();
    await insertLocations(db, [testLocation(rlid, { waitListReady: true, waitListMaxPartySize: 8, isReservationsEnabled: true }), testLocation(rlid + 1)]);
    await saveWaitlistSettings(db, { rlid, waitListOpen: true, maxPartySize: 8, turnTimeMinutes: 45, tables: 9 });
    const host = await hostAt(db, rlid);
    const stranger = await hostAt(db, rlid + 1);
    const now = new Date();
    const party = { rlid, partySize: 2, lastName: 'Guest', phone: '(555) 555-0123' };
    const { entry: ann } = await joinWaitlist(db, { ...party, firstName: 'Ann' }, now);

    await expectRefused(new AddWalkInAction(db, { ...party, firstName: 'Sly' }, stranger).execute());
    const { entry: bea } = await new AddWalkInAction(db, { ...party, firstName: 'Bea' }, host).execute();
    await expectRefused(new MovePartyAction(db, bea, stranger, { direction: 'up' }).execute());
    expect((await new MovePartyAction(db, bea, host, { direction: 'up' }).execute()).entry.position).to.equal(1);
    await expectRefused(new ChangePartyStatusAction(db, ann, stranger, { to: 'seated', now }).execute());
    await new ChangePartyStatusAction(db, ann, host, { to: 'seated', now }).execute();
    await expectRefused(new RestorePartyAction(db, ann, stranger, { now }).execute());
    expect((await new RestorePartyAction(db, ann, host, { now }).execute()).entry.status).to.equal('waiting');
    expect(await auditCodes(db, 'waitlist_entry', ann.id)).to.deep.equal(['waitlist.seated', 'waitlist.restored']);
    expect(await auditCodes(db, 'waitlist_entry', bea.id)).to.deep.equal(['waitlist.walk_in', 'waitlist.move']);

    const settings = { rlid, waitListOpen: false, maxPartySize: 6, turnTimeMinutes: 30, tables: 5 };
    await expectRefused(new SaveHostSettingsAction(db, settings, stranger).execute());
    await new SaveHostSettingsAction(db, settings, host).execute();
    expect(await auditCodes(db, 'location', rlid)).to.deep.equal(['waitlist.settings']);

    const reservation = await db
      .insertInto('reservations')
      .values({
        confirmation_code: newConfirmationCode(),
        rlid,
        party_size: 4,
        reserved_for: new Date(now.getTime() + 86_400_000),
        first_name: 'Res',
        last_name: 'Guest',
        phone: '555-555-0102',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await expectRefused(new DecideReservationAction(db, reservation, stranger, { decision: 'confirm' }).execute());
    expect(await new DecideReservationAction(db, reservation, host, { decision: 'confirm' }).execute()).to.include({ status: 'confirmed' });
    expect(await auditCodes(db, 'reservation', reservation.id)).to.deep.equal(['reservation.confirm']);
  });
});
