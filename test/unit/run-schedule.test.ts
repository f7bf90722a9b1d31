import { expect } from 'chai';
import { PublishPageAction } from '../../server/actions/publish-page';
import { SaveDraftAction } from '../../server/actions/save-draft';
import { runScheduledPublishing } from '../../server/actions/run-schedule';
import { pageHistory } from '../../server/models/admin-log';
import { addChild, getPageOrThrow, setPageSchedule, snapshotOfPage } from '../../server/models/pages';
import { loadUserPermissions } from '../../server/models/permissions';
import { createAdminUser } from '../support/admin';
import { testDb } from '../support/database';
import { createTestSite } from '../support/fixtures';

describe('scheduled publishing', () => {
  it('publishes approved revisions when their time comes and expires pages past their expiry', async () => {
    const db = await testDb();
    const { home } = await createTestSite(db);
    const actor = await loadUserPermissions(db, await createAdminUser(db, { superuser: true }));
    const draft = await addChild(db, home, { title: 'Summer Menu', slug: 'summer', pageType: 'content_page', live: false, content: { body: [], confirmation: [] } });
    const goLiveAt = new Date(Date.now() + 60_000);
    await new SaveDraftAction(db, draft, actor, { snapshot: snapshotOfPage(draft), goLiveAt, expireAt: null }).execute();
    await new PublishPageAction(db, await getPageOrThrow(db, draft.id), actor).execute();
    const expiring = await addChild(db, home, { title: 'Winter Menu', slug: 'winter', pageType: 'content_page', content: { body: [], confirmation: [] } });
    await setPageSchedule(db, expiring, { goLiveAt: null, expireAt: new Date(Date.now() + 30_000) });

    const early = await runScheduledPublishing(db, new Date());
    expect(early.published).to.not.include(draft.id);
    expect(early.expired).to.not.include(expiring.id);
    expect((await getPageOrThrow(db, draft.id)).live).to.equal(false);

    const later = await runScheduledPublishing(db, new Date(goLiveAt.getTime() + 1000));
    expect(later.published).to.include(draft.id);
    expect(later.expired).to.include(expiring.id);
    expect(await getPageOrThrow(db, draft.id)).to.include({ live: true, has_unpublished_changes: false });
    expect(await getPageOrThrow(db, expiring.id)).to.include({ live: false, expired: true });
    expect((await pageHistory(db, expiring.id)).map((entry) => entry.action)).to.deep.equal(['page.expire']);
    expect((await pageHistory(db, draft.id))[0]).to.include({ action: 'page.publish', user_id: null });

    const again = await runScheduledPublishing(db, new Date(goLiveAt.getTime() + 2000));
    expect(again.published).to.not.include(draft.id);
    expect(again.expired).to.not.include(expiring.id);
  });
});
