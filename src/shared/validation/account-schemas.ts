import { z } from 'zod';
import { ACCOUNT_COLORS } from '../signature/colour-choices';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../signature/signature-schema';
import { TEMPLATES, TEMPLATE_INFO, type Template } from '../signature/template-info';
import { newPasswordSchema, PASSWORD_MAX } from './auth-schemas';
import { cleanText } from './text-field';

/**
 * The account area's forms (spec sections 3 and 5). The browser validates each form with these
 * schemas and the server validates the request body with the same ones, so the words match.
 */

// ── Profile ────────────────────────────────────────────────────────────────────────────────
export const TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern Time (ET) — New York' },
  { value: 'America/Chicago', label: 'Central Time (CT) — Chicago' },
  { value: 'America/Denver', label: 'Mountain Time (MT) — Denver' },
  { value: 'America/Los_Angeles', label: 'Pacific Time (PT) — Los Angeles' },
  { value: 'America/Anchorage', label: 'Alaska Time — Anchorage' },
  { value: 'Pacific/Honolulu', label: 'Hawaii Time — Honolulu' },
  { value: 'Europe/London', label: 'GMT — London' },
  { value: 'Europe/Paris', label: 'Central Europe (CET) — Paris' },
  { value: 'Asia/Tokyo', label: 'Japan (JST) — Tokyo' },
  { value: 'Asia/Shanghai', label: 'China (CST) — Shanghai' },
  { value: 'Australia/Sydney', label: 'Australia Eastern — Sydney' },
] as const;
export type Timezone = (typeof TIMEZONES)[number]['value'];
export const DEFAULT_TIMEZONE: Timezone = 'America/New_York';
const TIMEZONE_VALUES = TIMEZONES.map((t) => t.value) as [Timezone, ...Timezone[]];

export const profileSchema = z.object({
  // Invisible controls stripped, NUL and broken characters refused (text-field.ts).
  name: cleanText('Name').trim().min(1, 'Name is required').max(100, 'Name too long'),
  timezone: z.enum(TIMEZONE_VALUES, 'Timezone is required'),
});
export type ProfileInput = z.input<typeof profileSchema>;

// ── Organization ───────────────────────────────────────────────────────────────────────────
export const DOMAIN_EXAMPLE = 'company.com';
// Labels of letters, digits and inner hyphens, a dot between them, and a letters-only top level.
const DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `https://www.acme.com/about?x=1` → `acme.com`; what is not a web address stays as typed, for the message. */
export function hostOfDomainInput(value: string): string {
  const withoutScheme = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  const host = withoutScheme
    .split(/[/?#]/, 1)[0]!
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return host.replace(/^www\./, '');
}

export const organizationSchema = z.object({
  name: cleanText('Organization name')
    .trim()
    .min(1, 'Organization name is required')
    .max(100, 'Organization name too long'),
  domain: z
    .string('Please enter a valid domain (e.g., company.com)')
    .trim()
    .toLowerCase()
    // People paste their website; what we keep is the host inside it, without "www.".
    .transform(hostOfDomainInput)
    .pipe(z.string().regex(DOMAIN_PATTERN, `Please enter a valid domain (e.g., ${DOMAIN_EXAMPLE})`)),
});
export type OrganizationInput = z.input<typeof organizationSchema>;

// ── Team ───────────────────────────────────────────────────────────────────────────────────
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
export type TeamRole = 'owner' | InvitableRole;
export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

const roleField = z.enum(INVITABLE_ROLES, 'Please select a role');

export const inviteSchema = z.object({
  email: z
    .string('Please enter a valid email address')
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
  role: roleField,
});
export type InviteInput = z.input<typeof inviteSchema>;

export const changeRoleSchema = z.object({ role: roleField });
export const transferOwnershipSchema = z.object({
  memberId: z
    .string('Please choose who will own the organization')
    .min(1, 'Please choose who will own the organization')
    .max(100),
});

// ── Signature defaults ─────────────────────────────────────────────────────────────────────
/** The account defaults offer the editor's four templates, from the one catalogue (template-info.ts). */
export const DEFAULT_TEMPLATES = TEMPLATE_INFO.map(({ id, label, description }) => ({ value: id, label, description }));
export type DefaultTemplate = Template;
const TEMPLATE_VALUES = TEMPLATES;

/** The account-area colour list (spec section 3); it lives with the editor's, which includes it. */
export { ACCOUNT_COLORS };
/** The secondary colour's default is not in the list, so it is offered beside it. */
export const SECONDARY_COLORS = [{ value: DEFAULT_SECONDARY_COLOR, label: 'Neutral Gray' }, ...ACCOUNT_COLORS] as const;
type AccountColor = (typeof ACCOUNT_COLORS)[number]['value'];
type SecondaryColor = (typeof SECONDARY_COLORS)[number]['value'];

export const signatureDefaultsSchema = z.object({
  template: z.enum(TEMPLATE_VALUES, 'Please select a template'),
  primaryColor: z.enum(
    ACCOUNT_COLORS.map((c) => c.value) as [AccountColor, ...AccountColor[]],
    'Please select a primary color',
  ),
  secondaryColor: z.enum(
    SECONDARY_COLORS.map((c) => c.value) as [SecondaryColor, ...SecondaryColor[]],
    'Please select a secondary color',
  ),
  requiredPhone: z.boolean(),
  requiredTitle: z.boolean(),
  requiredAddress: z.boolean(),
});
export type SignatureDefaults = z.infer<typeof signatureDefaultsSchema>;

export const DEFAULT_SIGNATURE_DEFAULTS: SignatureDefaults = {
  template: 'professional',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  requiredPhone: false,
  requiredTitle: false,
  requiredAddress: false,
};

// ── Logo ───────────────────────────────────────────────────────────────────────────────────
export const LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.svg', '.webp'] as const;
export const LOGO_HINT = 'Recommended size 150×50 px, at most 200KB. Use an HTTPS link so Gmail can show it.';

const OWN_IMAGE_PATH = /^\/objects\/[^/?#]+$/;

export const logoUrlSchema = z.object({
  logoUrl: z
    .string('Please enter a valid URL')
    .trim()
    .max(500, 'That URL is too long')
    // A saved logo is re-hosted and comes back as our own path (/objects/…), which stays valid.
    .refine((v) => v === '' || OWN_IMAGE_PATH.test(v) || URL.canParse(v), 'Please enter a valid URL')
    .refine(
      (v) => v === '' || OWN_IMAGE_PATH.test(v) || !URL.canParse(v) || new URL(v).protocol === 'https:',
      'Logo URL must use HTTPS',
    )
    .refine((v) => {
      if (v === '' || (!OWN_IMAGE_PATH.test(v) && !URL.canParse(v))) return true;
      const path = new URL(v, 'https://own.invalid').pathname.toLowerCase();
      return LOGO_EXTENSIONS.some((ext) => path.endsWith(ext));
    }, 'URL should point to an image file'),
});
export type LogoUrlInput = z.input<typeof logoUrlSchema>;

// ── Security ───────────────────────────────────────────────────────────────────────────────
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string('Current password is required')
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, 'Current password is incorrect'),
    // The one new-password rule (decision 0185).
    newPassword: newPasswordSchema,
    confirmPassword: z.string('Please confirm your password').min(1, 'Please confirm your password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    // Checked as soon as both are typed, even while another field still has an error.
    when: (payload) => {
      const v = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof v.newPassword === 'string' && typeof v.confirmPassword === 'string' && v.confirmPassword !== '';
    },
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'Your new password must be different from your current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export type PasswordStrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';
export type PasswordStrength = {
  /** How many of the six criteria the password meets. */
  score: number;
  label: PasswordStrengthLabel;
  criteria: { label: string; met: boolean }[];
};

/** The six-criteria meter: 2 or fewer Weak, 4 or fewer Fair, 5 Good, 6 Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const criteria = [
    { label: 'At least 8 characters', met: password.length >= 8 },
    { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { label: 'A number', met: /[0-9]/.test(password) },
    { label: 'A special character', met: /[^A-Za-z0-9]/.test(password) },
    { label: '12 characters or more', met: password.length >= 12 },
  ];
  const score = criteria.filter((c) => c.met).length;
  const label: PasswordStrengthLabel = score <= 2 ? 'Weak' : score <= 4 ? 'Fair' : score === 5 ? 'Good' : 'Strong';
  return { score, label, criteria };
}

// ── Danger zone ────────────────────────────────────────────────────────────────────────────
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';
export const LEAVE_ORGANIZATION_PHRASE = 'LEAVE ORGANIZATION';
export const DELETE_ORGANIZATION_PHRASE = 'DELETE ORGANIZATION';

/** Exactly the phrase, as typed; anything else reads 'Please type … to confirm'. */
const confirmationOf = (phrase: string) =>
  z.object({
    confirmation: z
      .string(`Please type ${phrase} to confirm`)
      .refine((v) => v === phrase, `Please type ${phrase} to confirm`),
  });
/** The phrase, and the password again: a session left open on a shared computer cannot delete the account. */
export const deleteAccountSchema = confirmationOf(DELETE_ACCOUNT_PHRASE).extend({
  password: z.string().max(1024, 'Password is too long').optional().default(''),
});
export const leaveOrganizationSchema = confirmationOf(LEAVE_ORGANIZATION_PHRASE);
export const deleteOrganizationSchema = confirmationOf(DELETE_ORGANIZATION_PHRASE);
export type ConfirmationInput = z.input<typeof leaveOrganizationSchema>;
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;
