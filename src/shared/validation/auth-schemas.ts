import { z } from 'zod';
import { cleanText } from './text-field';

/** Passwords are never trimmed; 128 leaves room for passphrases and password managers. */
export const PASSWORD_MAX = 128;

/**
 * The one rule for a new password, wherever one is chosen: sign-up, reset, the first password after
 * a verification link, and the Security tab's change (decision 0185). The list is what the forms tick
 * off as the person types; the schema gives each unmet rule's message, in this order.
 */
export const PASSWORD_RULES: readonly { label: string; message: string; test: (password: string) => boolean }[] = [
  { label: 'At least 8 characters', message: 'Password must be at least 8 characters', test: (v) => v.length >= 8 },
  {
    label: 'An uppercase letter',
    message: 'Password must contain at least one uppercase letter',
    test: (v) => /\p{Lu}/u.test(v),
  },
  {
    label: 'A lowercase letter',
    message: 'Password must contain at least one lowercase letter',
    test: (v) => /\p{Ll}/u.test(v),
  },
  { label: 'A number', message: 'Password must contain at least one number', test: (v) => /\p{N}/u.test(v) },
];

/** The rule as a schema, checked in the browser and again on the server. */
export const newPasswordSchema = PASSWORD_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email'));

export const signupSchema = z.object({
  email,
  password: newPasswordSchema,
  name: cleanText('Name').trim().max(100, 'Name must be less than 100 characters').optional().default(''),
  termsAccepted: z.literal(true, 'You must accept the terms and privacy policy'),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The reset page's form: new password and its confirmation. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

/** Tokens arrive from links; anything longer than a real one is refused before it reaches a query. */
const linkToken = (missing: string) => z.string().trim().min(1, missing).max(200, missing);

export const resetPasswordSchema = z.object({
  token: linkToken('No reset token provided. Please request a new password reset link.'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /api/auth/choose-password: the first password of a signed-in account that has none. */
export const choosePasswordSchema = z.object({ newPassword: newPasswordSchema });

export const resetTokenSchema = z.object({
  token: linkToken('No reset token provided. Please request a new password reset link.'),
});

export const CODE_LENGTH = 6;
export const CODE_PATTERN = /^\d{6}$/;

/** POST /api/auth/verify-email: the 6-digit code (with the address, when not signed in) or the link token. */
export const verifyEmailSchema = z.object({
  token: linkToken('No verification token provided. Please check your email for the verification link.'),
  email: email.optional(),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const resendVerificationSchema = z.object({ email: email.optional() });

export const magicLinkRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address to send a magic link.')
    .toLowerCase()
    .pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email')),
});

export const magicLinkVerifySchema = z.object({
  token: linkToken('This sign-in link is incomplete. Please request a new one.'),
});

/** The spec's paste rule: strip everything but digits; exactly six must remain. */
export function digitsFromPaste(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return digits.length === CODE_LENGTH ? digits : null;
}
