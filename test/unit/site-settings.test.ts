import { expect } from 'chai';
import { DEFAULT_SITE_SETTINGS, getSiteSettings, saveSiteSettings } from '../../server/models/site-settings';
import { testDb } from '../support/database';
import { createTestSite } from '../support/fixtures';

describe('site settings', () => {
  it('returns what was saved', async () => {
    const db = await testDb();
    const { site } = await createTestSite(db);
    await saveSiteSettings(db, site.id, { ...DEFAULT_SITE_SETTINGS, brandName: 'Blue Wharf', nationalPhone: '1-888-555-0100' });
    const settings = await getSiteSettings(db, site.id);
    expect(settings.brandName).to.equal('Blue Wharf');
    expect(settings.nationalPhone).to.equal('1-888-555-0100');
  });

  it('refuses to save invalid settings', async () => {
    const db = await testDb();
    const { site } = await createTestSite(db);
    let caught: unknown;
    try {
      await saveSiteSettings(db, site.id, { ...DEFAULT_SITE_SETTINGS, brandName: '  ' });
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(Error);
    expect((await getSiteSettings(db, site.id)).brandName).to.equal(DEFAULT_SITE_SETTINGS.brandName);
  });

  it('replaces invalid stored values by defaults, field by field', async () => {
    const db = await testDb();
    const { site } = await createTestSite(db);
    await db
      .updateTable('site_settings')
      .set({ value: JSON.stringify({ brandName: 'Kept Name', nationalPhone: 42, accountLoginUrl: 'javascript:alert(1)' }) })
      .where('site_id', '=', site.id)
      .execute();
    const settings = await getSiteSettings(db, site.id);
    expect(settings).to.deep.equal({ ...DEFAULT_SITE_SETTINGS, brandName: 'Kept Name' });
  });

  it('gives the defaults to a site without settings', async () => {
    const db = await testDb();
    expect(await getSiteSettings(db, 987654)).to.deep.equal(DEFAULT_SITE_SETTINGS);
  });
});
