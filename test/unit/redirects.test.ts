import { expect } from 'chai';
import { normaliseRedirectPath, withoutQuery } from '../../server/models/redirects';

describe('redirect paths', () => {
  it('normalise as Wagtail: one leading slash, no trailing one, sorted parameters and query', () => {
    expect(normaliseRedirectPath('/menu/')).to.equal('/menu');
    expect(normaliseRedirectPath('  menu  ')).to.equal('/menu');
    expect(normaliseRedirectPath('/')).to.equal('/');
    expect(normaliseRedirectPath('/menu/?b=2&a=1')).to.equal('/menu?a=1&b=2');
    expect(normaliseRedirectPath('/menu?a=1&b=2')).to.equal(normaliseRedirectPath('/menu/?b=2&a=1'));
    expect(normaliseRedirectPath('/menu;b;a')).to.equal('/menu;a;b');
    expect(normaliseRedirectPath('https://example.com/Menu/#top')).to.equal('/Menu');
    expect(normaliseRedirectPath('/caf%C3%A9/')).to.equal('/café');
    expect(normaliseRedirectPath('/100%/')).to.equal('/100%');
  });

  it('drop the query and parameters for the second try', () => {
    expect(withoutQuery('/menu?a=1')).to.equal('/menu');
    expect(withoutQuery('/menu;a?b=1')).to.equal('/menu');
    expect(withoutQuery('/menu')).to.equal('/menu');
  });
});
