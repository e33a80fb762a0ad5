import fc from 'fast-check';
import { LIMITS } from '../limits/limits';
import { MSG } from '../limits/messages';
import {
  CHANGE_PASSWORD_CONFIRM,
  confirmPasswordError,
  passwordError,
  requiredPasswordError,
  SIGN_UP_CONFIRM,
} from './password';

describe('passwordError', () => {
  it('asks for a password when empty', () => {
    expect(passwordError('')).toBe(MSG.enterPassword);
    expect(passwordError('', MSG.enterNewPassword)).toBe(MSG.enterNewPassword);
  });

  it('accepts 8 characters with a letter and a number', () => {
    expect(passwordError('abcdefg1')).toBeUndefined();
    expect(passwordError('1234567a')).toBeUndefined();
  });

  it('takes up to LIMITS.passwordMaxLength UTF-16 units, as a password input counts them', () => {
    const longest = 'a1'.repeat(LIMITS.passwordMaxLength / 2);
    expect(passwordError(longest)).toBeUndefined();
    expect(passwordError(`${longest}b`)).toBe(MSG.noMoreThanCharacters(LIMITS.passwordMaxLength));
    // 50 emoji are 50 characters but 100 units: the input takes no more
    expect(passwordError(`a1${'😀'.repeat(49)}`)).toBeUndefined();
    expect(passwordError(`a1${'😀'.repeat(50)}`)).toBe(MSG.noMoreThanCharacters(LIMITS.passwordMaxLength));
  });

  it('refuses 7 characters', () => {
    expect(passwordError('abcdef1')).toBe(MSG.passwordRule);
  });

  it('refuses a password without a number or without a letter', () => {
    expect(passwordError('abcdefgh')).toBe(MSG.passwordRule);
    expect(passwordError('12345678')).toBe(MSG.passwordRule);
    expect(passwordError('!@#$%^&*()')).toBe(MSG.passwordRule);
  });

  it('does not trim: spaces count as characters', () => {
    expect(passwordError('  ab12  ')).toBeUndefined();
    expect(passwordError('        ')).toBe(MSG.passwordRule);
  });

  it('counts letters of any script and code points, not UTF-16 units', () => {
    expect(passwordError('пароль12')).toBeUndefined();
    expect(passwordError('a1😀😀😀😀😀')).toBe(MSG.passwordRule);
    expect(passwordError('a1😀😀😀😀😀😀')).toBeUndefined();
  });

  it('accepts every password of 8+ characters holding a letter and a number', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 6 }), fc.constantFrom('a', 'Z', 'é'), fc.nat(9), (s, l, d) => {
        expect(passwordError(`${s}${l}${d}`)).toBeUndefined();
      }),
    );
  });

  it('refuses every password without a digit', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (s) => {
        expect(passwordError(s.replace(/\p{Nd}/gu, '') || 'x')).toBe(MSG.passwordRule);
      }),
    );
  });
});

describe('requiredPasswordError', () => {
  it('only requires a value', () => {
    expect(requiredPasswordError('')).toBe(MSG.enterPassword);
    expect(requiredPasswordError('', MSG.enterCurrentPassword)).toBe(MSG.enterCurrentPassword);
    expect(requiredPasswordError('x')).toBeUndefined();
  });
});

describe('confirmPasswordError', () => {
  it('uses the sign-up messages by default', () => {
    expect(confirmPasswordError('abcdefg1', '')).toBe(MSG.enterPasswordAgain);
    expect(confirmPasswordError('abcdefg1', 'abcdefg2')).toBe(MSG.passwordsDifferent);
    expect(confirmPasswordError('abcdefg1', 'abcdefg1')).toBeUndefined();
    expect(SIGN_UP_CONFIRM).toEqual({
      required: 'Enter password again',
      different: 'The two passwords are different',
    });
  });

  it('uses the change-password messages when given', () => {
    expect(confirmPasswordError('abcdefg1', '', CHANGE_PASSWORD_CONFIRM)).toBe(MSG.enterNewPasswordAgain);
    expect(confirmPasswordError('abcdefg1', 'x', CHANGE_PASSWORD_CONFIRM)).toBe(MSG.newPasswordsDifferent);
  });

  it('compares exactly, spaces and case included', () => {
    expect(confirmPasswordError('abcdefg1', 'abcdefg1 ')).toBe(MSG.passwordsDifferent);
    expect(confirmPasswordError('abcdefg1', 'ABCDEFG1')).toBe(MSG.passwordsDifferent);
  });

  it('accepts exactly the confirmations equal to the password', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (pw, confirm) => {
        expect(confirmPasswordError(pw, confirm) === undefined).toBe(pw === confirm);
      }),
    );
  });
});
