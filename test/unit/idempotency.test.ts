import { expect } from 'chai';
import { UnprocessableError } from '../../server/errors';
import { ensureSameRequest, requestHash } from '../../server/models/idempotency';

describe('idempotency request hashes', () => {
  const request = { rlid: 7, partySize: 2, firstName: 'Rosa', lastName: 'Marin', phone: '(207) 555-0142' };

  it('hash a retry the same, whatever the field order and absent optional fields', () => {
    const reordered = { phone: '(207) 555-0142', lastName: 'Marin', firstName: 'Rosa', partySize: 2, rlid: 7, email: undefined, note: null };
    expect(requestHash(reordered))
      .to.equal(requestHash(request))
      .and.match(/^[0-9a-f]{64}$/);
  });

  it('hash any other request differently', () => {
    expect(requestHash({ ...request, lastName: 'Mallory' })).to.not.equal(requestHash(request));
    expect(requestHash({ ...request, partySize: '2' })).to.not.equal(requestHash(request));
  });

  it('let only the same request replay a key, and refuse others and keys stored without a hash with 422', () => {
    const hash = requestHash(request);
    expect(() => ensureSameRequest(hash, hash)).to.not.throw();
    for (const stored of [requestHash({ ...request, firstName: 'Eve' }), null]) {
      expect(() => ensureSameRequest(stored, hash))
        .to.throw(UnprocessableError)
        .with.property('status', 422);
    }
  });
});
