import { expect } from 'chai';
import { passwordProblems } from '../../server/models/password-validation';

describe('password validation', () => {
  it('accepts a long, uncommon password unlike its owner', () => {
    expect(passwordProblems('correct-horse-battery', { username: 'skipper', email: 'skipper@example.com' })).to.deep.equal([]);
  });

  it("refuses short, common and numeric passwords in Django's words", () => {
    expect(passwordProblems('short')).to.include('This password is too short. It must contain at least 10 characters.');
    expect(passwordProblems('password123')).to.deep.equal(['This password is too common.']);
    expect(passwordProblems('  PASSWORD123 ')).to.include('This password is too common.');
    expect(passwordProblems('1234567890')).to.deep.equal(['This password is too common.', 'This password is entirely numeric.']);
    expect(passwordProblems('8302917465')).to.deep.equal(['This password is entirely numeric.']);
  });

  it('refuses a password too similar to the username, names or email address', () => {
    expect(passwordProblems('skipper2024', { username: 'skipper' })).to.deep.equal(['The password is too similar to the username.']);
    expect(passwordProblems('Marguerite!', { firstName: 'Marguerite' })).to.deep.equal(['The password is too similar to the first name.']);
    expect(passwordProblems('lighthouse-keeper', { email: 'lighthouse.keeper@example.com' })).to.deep.equal(['The password is too similar to the email address.']);
    // A short attribute cannot make up most of a long password.
    expect(passwordProblems('al-and-the-long-harbour-walk', { firstName: 'Al' })).to.deep.equal([]);
  });
});
