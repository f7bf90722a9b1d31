import { expect } from 'chai';
import { ValidationError } from '../../server/errors';
import { checkTagNames, formatTags, parseTags } from '../../server/models/tags';

describe('tag field syntax (django-taggit, as Wagtail reads it)', () => {
  it('splits on spaces when there is no comma and no quote', () => {
    expect(parseTags('lobster  harbor lobster')).to.deep.equal(['harbor', 'lobster']);
    expect(parseTags('   ')).to.deep.equal([]);
  });

  it('splits on commas once any loose comma appears, keeping spaces inside a tag', () => {
    expect(parseTags('sea food, harbor , ,lobster')).to.deep.equal(['harbor', 'lobster', 'sea food']);
  });

  it('keeps a double-quoted phrase as one tag, splitting the rest on spaces when no comma is loose', () => {
    expect(parseTags('"sea food" harbor dock')).to.deep.equal(['dock', 'harbor', 'sea food']);
    expect(parseTags('"a, b" c')).to.deep.equal(['a, b', 'c']);
    expect(parseTags('"sea food", "raw bar", oysters')).to.deep.equal(['oysters', 'raw bar', 'sea food']);
  });

  it('reads an unclosed quote as unquoted text', () => {
    expect(parseTags('"sea food')).to.deep.equal(['food', 'sea']);
    expect(parseTags('harbor, "sea food')).to.deep.equal(['harbor', 'sea food']);
  });

  it('writes tags back quoting names with a space or comma, so they parse to the same tags', () => {
    const names = ['sea food', 'lobster', 'a, b'];
    expect(formatTags(names)).to.equal('"a, b", lobster, "sea food"');
    expect(parseTags(formatTags(names))).to.deep.equal([...names].sort());
  });

  it('refuses a tag longer than the table holds', () => {
    expect(() => checkTagNames(['x'.repeat(101)])).to.throw(ValidationError, /longer than 100 characters/);
    expect(checkTagNames(['short'])).to.deep.equal(['short']);
  });
});
