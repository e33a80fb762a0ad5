import fc from 'fast-check';
import { MSG } from '../limits/messages';
import { emailError, isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'first.last@example.com',
    'user+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'x_y-z@exa-mple.com',
    'josé@exämple.de',
    '1@2.com',
    'a@b.c1',
  ])('accepts %s', (s) => {
    expect(isValidEmail(s)).toBe(true);
  });

  it.each([
    ['no @', 'example.com'],
    ['two @', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'a@'],
    ['no dot in the domain', 'a@localhost'],
    ['a space in the local part', 'a b@example.com'],
    ['a space around', ' a@example.com'],
    ['a leading dot', '.a@example.com'],
    ['a trailing dot in the local part', 'a.@example.com'],
    ['two dots', 'a..b@example.com'],
    ['an empty label', 'a@example..com'],
    ['a trailing dot in the domain', 'a@example.com.'],
    ['a label starting with a hyphen', 'a@-example.com'],
    ['a label ending with a hyphen', 'a@example-.com'],
    ['an underscore in the domain', 'a@ex_ample.com'],
    ['an IP address', 'a@1.2.3.4'],
    ['an IP literal', 'a@[1.2.3.4]'],
    ['a quoted local part', '"a b"@example.com'],
    ['a comma', 'a,b@example.com'],
  ])('refuses %s', (_why, s) => {
    expect(isValidEmail(s)).toBe(false);
  });

  it('allows 254 characters and refuses 255', () => {
    const domain = (n: number) => `${'d'.repeat(n - 4)}.com`;
    const at = (total: number) =>
      `${'a'.repeat(60)}@${[domain(63), domain(63), domain(total - 61 - 128)].join('.')}`;
    expect(at(254)).toHaveLength(254);
    expect(isValidEmail(at(254))).toBe(true);
    expect(isValidEmail(at(255))).toBe(false);
  });

  it('allows a 64-character local part and a 63-character label, not more', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it('accepts generated addresses of the RFC 5322 dot-atom form', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (s) => {
        const domain = s.slice(s.indexOf('@') + 1);
        fc.pre(domain.includes('.') && !/^\d+$/.test(domain.split('.').pop() ?? ''));
        expect(isValidEmail(s)).toBe(true);
      }),
    );
  });

  it('refuses anything holding white space', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.nat(), fc.constantFrom(' ', '\t', '\n'), (s, i, ws) => {
        const at = i % (s.length + 1);
        expect(isValidEmail(s.slice(0, at) + ws + s.slice(at))).toBe(false);
      }),
    );
  });
});

describe('emailError', () => {
  it('asks for an address when blank', () => {
    expect(emailError('')).toBe(MSG.enterEmail);
    expect(emailError('  ')).toBe(MSG.enterEmail);
    expect(emailError('', MSG.inputEmail)).toBe('Input email');
  });

  it('refuses an invalid address', () => {
    expect(emailError('a@b')).toBe(MSG.invalidEmail);
    expect(emailError(' a@b.co')).toBe(MSG.invalidEmail);
  });

  it('accepts a valid address', () => {
    expect(emailError('a@b.co')).toBeUndefined();
  });
});
