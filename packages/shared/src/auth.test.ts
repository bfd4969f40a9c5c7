import { describe, expect, it } from 'vitest';
import {
  REGISTRATION_MESSAGES as M,
  firstProfessionalPasswordError,
  firstRegistrationError,
  isPhoneNumber,
  passwordStrength,
  registerBody,
  strengthHints,
  type RegistrationForm,
} from './auth.ts';
import { isCleanText, textList } from './text.ts';

const valid: RegistrationForm = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  university: 'IIT',
  course: 'CS',
  year: '2',
  rollNumber: 'R1',
  phone: '+91 98765 43210',
  interests: [],
  agreeToTerms: true,
};

describe('registration checks (spec 000 §5)', () => {
  it('reports the 14 messages in order, one at a time', () => {
    const form: RegistrationForm = { ...valid, firstName: '', lastName: '', email: '', password: '', confirmPassword: '', university: '', course: '', year: '', rollNumber: '', phone: '', agreeToTerms: false };
    const seen: string[] = [];
    const fixes: [keyof RegistrationForm, RegistrationForm[keyof RegistrationForm]][] = [
      ['firstName', 'Asha'],
      ['lastName', 'Verma'],
      ['email', 'not-an-email'],
      ['email', 'asha@example.com'],
      ['password', '123'],
      ['password', 'secret1'],
      ['confirmPassword', 'secret1'],
      ['university', 'IIT'],
      ['course', 'CS'],
      ['year', '3'],
      ['rollNumber', 'R1'],
      ['phone', 'abc'],
      ['phone', '+91 98765 43210'],
      ['agreeToTerms', true],
    ];
    const current = { ...form };
    for (const [key, value] of fixes) {
      const message = firstRegistrationError(current);
      if (message) seen.push(message);
      Object.assign(current, { [key]: value });
    }
    expect(seen).toEqual([
      M.firstName,
      M.lastName,
      M.emailRequired,
      M.emailInvalid,
      M.passwordRequired,
      M.passwordShort,
      M.passwordMismatch,
      M.university,
      M.course,
      M.year,
      M.rollNumber,
      M.phoneRequired,
      M.phoneInvalid,
      M.terms,
    ]);
    expect(firstRegistrationError(current)).toBeNull();
  });

  it('server schema trims, lower-cases the e-mail and strips unknown keys', () => {
    const parsed = registerBody.parse({ ...valid, email: ' Asha@Example.COM ', year: 2, role: 'admin', interests: ['Law', 'Law'] });
    expect(parsed.email).toBe('asha@example.com');
    expect(parsed.interests).toEqual(['Law']);
    expect('role' in parsed).toBe(false);
  });
});

describe('professional password rules (spec 002 §5)', () => {
  it('scores strength 0-4', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdefgh')).toBe(1);
    expect(passwordStrength('Abcdefgh')).toBe(2);
    expect(passwordStrength('Abcdefg1')).toBe(3);
    expect(passwordStrength('Abcdef1!')).toBe(4);
    expect(strengthHints('abc')).toHaveLength(4);
  });

  it('checks in order', () => {
    expect(firstProfessionalPasswordError({ currentPassword: '', newPassword: '' })).toBe('Please enter your current password');
    expect(firstProfessionalPasswordError({ currentPassword: 'x', newPassword: '' })).toBe('Please enter a new password');
    expect(firstProfessionalPasswordError({ currentPassword: 'x', newPassword: 'Ab1!' })).toBe('New password must be at least 8 characters long');
    expect(firstProfessionalPasswordError({ currentPassword: 'x', newPassword: 'abcdefgh' })).toBe('Password is too weak. Please create a stronger password');
    expect(firstProfessionalPasswordError({ currentPassword: 'x', newPassword: 'Abcdefgh', confirmPassword: 'y' })).toBe('New passwords do not match');
    expect(firstProfessionalPasswordError({ currentPassword: 'Abcdefgh', newPassword: 'Abcdefgh', confirmPassword: 'Abcdefgh' })).toBe('New password must be different from current password');
  });
});

describe('text hygiene', () => {
  it('refuses control characters, bidi overrides and lone surrogates', () => {
    expect(isCleanText('hello\nworld')).toBe(true);
    expect(isCleanText('nul\u0000')).toBe(false);
    expect(isCleanText('evil\u202ereversed')).toBe(false);
    expect(isCleanText('half \ud800 pair')).toBe(false);
    expect(isCleanText('emoji 💡')).toBe(true);
  });

  it('lists are trimmed, de-duplicated case-insensitively and blanks dropped', () => {
    expect(textList('Tags').parse([' AI ', 'ai', '', 'ML'])).toEqual(['AI', 'ML']);
  });
});

describe('phone numbers (issue 16: count digits, allow the separators people type)', () => {
  it.each(['+1 (212) 555-0100', '+86 138 0013 8000', '+91 98765 43210', '9876543210', '+44 20 7946 0958', '212.555.0100 12', '+353 (0)1 234 5678'])('%s is valid', (phone) => {
    expect(isPhoneNumber(phone)).toBe(true);
    expect(registerBody.shape.phone.safeParse(phone).success).toBe(true);
  });

  it.each(['abc', '+1 555 0100', '123456789', '+1234567890123456', '++91 98765 43210', '98765-43210 ext 5', '+91 98765\u000043210', '+91 9876 5432 10 + 1'])('%j is not', (phone) => {
    expect(isPhoneNumber(phone)).toBe(false);
    expect(registerBody.shape.phone.safeParse(phone).success).toBe(false);
  });
});
