import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  deleteAccountSchema,
  inviteSchema,
  logoUrlSchema,
  organizationSchema,
  passwordStrength,
  profileSchema,
} from './account-schemas';

/** The first message per field: what the form and the server's error handler both show. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abcdefgh', 3, 'Fair'],
    ['Abcdefg1', 4, 'Fair'],
    ['Abcdef1!', 5, 'Good'],
    ['abcdefghijk1!', 5, 'Good'],
    ['Abcdefghij1!', 6, 'Strong'],
  ])('%j meets %i criteria: %s', (password, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ score, label });
    expect(passwordStrength(password).criteria).toHaveLength(6);
  });
});

describe('account form schemas', () => {
  it('change password: the one new-password rule, confirmation and current password', () => {
    expect(
      messages(changePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: '' })),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Please confirm your password',
    });
    for (const [pw, message] of [
      ['abcdefg1!', 'Password must contain at least one uppercase letter'],
      ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
      ['Abcdefgh!', 'Password must contain at least one number'],
    ]) {
      expect(
        messages(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: pw, confirmPassword: pw }))
          .newPassword,
      ).toBe(message);
    }
    expect(
      messages(
        changePasswordSchema.safeParse({
          currentPassword: 'x',
          newPassword: 'Abcdefg1!',
          confirmPassword: 'Abcdefg1?',
        }),
      ),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'Abcdefg1!', confirmPassword: 'Abcdefg1!' })
        .success,
    ).toBe(true);
  });

  it('profile, organization, invite, logo and confirmation messages', () => {
    expect(messages(profileSchema.safeParse({ name: '', timezone: '' }))).toEqual({
      name: 'Name is required',
      timezone: 'Timezone is required',
    });
    expect(organizationSchema.parse({ name: 'Acme', domain: ' https://Sub.Acme.co.uk/ ' }).domain).toBe(
      'sub.acme.co.uk',
    );
    for (const typed of [
      'https://www.acme.com/about?x=1#top',
      'www.acme.com',
      'http://acme.com:8080/',
      'acme.com.',
      'ACME.com/',
    ]) {
      expect(organizationSchema.parse({ name: 'Acme', domain: typed }).domain).toBe('acme.com');
    }
    // Only a leading "www." label is the website's: a host that merely contains it keeps it.
    expect(organizationSchema.parse({ name: 'Acme', domain: 'wwwacme.com' }).domain).toBe('wwwacme.com');
    for (const domain of ['acme', 'acme..com', '-acme.com', 'acme.c', 'ac me.com']) {
      expect(messages(organizationSchema.safeParse({ name: 'Acme', domain })).domain).toBe(
        'Please enter a valid domain (e.g., company.com)',
      );
    }
    expect(messages(inviteSchema.safeParse({ email: 'a@b', role: '' }))).toEqual({
      email: 'Please enter a valid email address',
      role: 'Please select a role',
    });
    expect(logoUrlSchema.safeParse({ logoUrl: 'https://x.com/a/logo.svg' }).success).toBe(true);
    expect(logoUrlSchema.safeParse({ logoUrl: '' }).success).toBe(true);
    expect(messages(logoUrlSchema.safeParse({ logoUrl: 'https://x.com/logo.png.html' })).logoUrl).toBe(
      'URL should point to an image file',
    );
    expect(messages(deleteAccountSchema.safeParse({ confirmation: 'DELETE MY ACCOUNT ' })).confirmation).toBe(
      'Please type DELETE MY ACCOUNT to confirm',
    );
  });
});
