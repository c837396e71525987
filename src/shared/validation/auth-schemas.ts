import { z } from 'zod';

/** Passwords are never trimmed; 128 leaves room for passphrases and password managers. */
export const PASSWORD_MAX = 128;

const email = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email').max(254, 'Please enter a valid email'));

export const signupSchema = z.object({
  email,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  name: z.string().trim().max(100, 'Name must be less than 100 characters').optional().default(''),
  termsAccepted: z.literal(true, 'You must accept the terms and privacy policy'),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid email or password.'),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email });
