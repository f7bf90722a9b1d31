import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadCatalog } from '../../server/i18n';

function templates(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    return statSync(file).isDirectory() ? templates(file) : name.endsWith('.hbs') ? [file] : [];
  });
}

describe('admin templates', () => {
  it('have an en-US catalog entry for every message they translate with t', () => {
    const catalog = loadCatalog('en-us');
    const messages = new Set<string>();
    for (const file of templates('server/admin/templates')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/[{(]t "([^"]*)"/g)) messages.add(match[1]!);
    }
    expect(messages.size).to.be.greaterThan(50);
    expect([...messages].filter((message) => !(message in catalog))).to.deep.equal([]);
  });
});
