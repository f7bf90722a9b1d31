import { expect } from 'chai';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, passwordMatchesHash, setPasswordHashCost } from '../../server/models/password-hash';
import { TEST_PASSWORD_HASH_COST } from '../support/password-hash-cost';

describe('password hashes', () => {
  afterEach(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it('hashes with argon2id at the library default cost unless told otherwise', async () => {
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    const hash = await hashPassword('Lobster roll 42!');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await passwordMatchesHash(hash, 'Lobster roll 42!')).to.equal(true);
    expect(await passwordMatchesHash(hash, 'lobster roll 42!')).to.equal(false);
  });

  it('verifies a hash made at another cost after the cost changes', async () => {
    const cheap = await hashPassword('Clam chowder 7');
    expect(cheap).to.match(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    expect(await passwordMatchesHash(cheap, 'Clam chowder 7')).to.equal(true);
  });

  it('matches nothing against no hash, an empty one or a malformed one', async () => {
    expect(await passwordMatchesHash(undefined, 'not a real password')).to.equal(false);
    expect(await passwordMatchesHash('', 'not a real password')).to.equal(false);
    expect(await passwordMatchesHash('$argon2id$garbage', 'anything')).to.equal(false);
  });
});
