import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gettext, registerCatalog } from '../../client/lib/i18n';
import { catalogForBrowser, loadCatalog } from '../../server/i18n';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('translation catalog', () => {
  it('has an en-US entry for every message the templates, blocks and views translate', () => {
    const catalog = loadCatalog('en-us');
    const messages = new Set<string>();
    for (const file of [...sourceFiles('client'), ...sourceFiles('admin-client'), ...sourceFiles('server')]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:gettext|interpolate)\('((?:[^'\\]|\\.)*)'/g)) messages.add(match[1]!);
    }
    expect(messages.size).to.be.greaterThan(20);
    expect([...messages].filter((message) => !(message in catalog))).to.deep.equal([]);
  });

  it('falls back from a regional code to the base language and then to none', () => {
    expect(loadCatalog('en-gb')).to.deep.equal({});
    expect(loadCatalog('en-us')['Back to Top']).to.equal('Back to Top');
  });

  it('sends the browser only the messages a translation changes, and the browser still translates them', () => {
    expect(catalogForBrowser(loadCatalog('en-us'))).to.deep.equal({});
    const shipped = catalogForBrowser({ 'Back to Top': 'Retour en haut', Close: 'Close', Menu: 'Menu' });
    expect(shipped).to.deep.equal({ 'Back to Top': 'Retour en haut' });
    registerCatalog(shipped);
    try {
      expect([gettext('Back to Top'), gettext('Close'), gettext('Menu')]).to.deep.equal(['Retour en haut', 'Close', 'Menu']);
    } finally {
      registerCatalog(loadCatalog('en-us'));
    }
  });
});
