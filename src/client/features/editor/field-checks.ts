import { requiredFieldsOf, type FieldRequirements } from '../../../shared/signature/export-checks';
import {
  LIMITS,
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_INFO,
  profileLinkProblem,
  TEXT_FIELD_LABELS,
  type SignatureFields,
  type SocialPlatform,
} from '../../../shared/signature/signature-schema';
import { phoneProblem } from '../../../shared/signature/phone-characters';
import { normalizeUrl } from '../../../shared/signature/url-normalise';
import { lengthProblem } from '../../../shared/validation/typed-length';
import type { FieldKey } from './refused-fields';

/** The Details tab's text fields that a check knows. */
export type DetailKey = 'name' | 'title' | 'company' | 'phone' | 'mobile' | 'email' | 'website' | 'address';

const LABELS: Record<DetailKey, string> = TEXT_FIELD_LABELS;

// One '@', something on each side, a dot in the domain: 'name@' and 'name@acme' are not addresses.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const ANY_ORIGIN = 'https://origin.invalid';

/**
 * What is wrong with a Details field that typing more cannot put right: too long, or a character a
 * phone number cannot hold. Shown under the field as it is typed, in the server's own words (the
 * shared rules, decision 0163); null when nothing is.
 */
export function typingProblem(key: DetailKey, value: string): string | null {
  const tooLong = lengthProblem(value, LIMITS[key], LABELS[key]);
  if (tooLong) return `${tooLong}.`;
  if (key === 'phone' || key === 'mobile') return phoneProblem(value, LABELS[key]);
  return null;
}

/**
 * What is wrong with one Details field, in words for the line under it; null when nothing is.
 * The same words feed the pre-flight panel's list, so the two never disagree.
 */
export function detailProblem(key: DetailKey, value: string, required: boolean): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required ? `Enter your ${LABELS[key].toLowerCase()}; it is required.` : null;
  const typing = typingProblem(key, value);
  if (typing) return typing;
  if (key === 'email' && !EMAIL.test(trimmed)) return 'Enter a full email address, like jane@acme.com.';
  if (key === 'website') {
    const href = normalizeUrl(trimmed, ANY_ORIGIN);
    if (!href.startsWith('https://') && !href.startsWith('http://'))
      return 'Enter a web address, like acme.com or https://acme.com.';
  }
  return null;
}

export type OpenProblem = { key: FieldKey; label: string; message: string };

/**
 * Every field problem the signature has now, in the editor's order: the pre-flight panel lists
 * them and Copy takes the person to the first.
 */
const requiredKeys = (requirements: FieldRequirements) =>
  new Set<string>(['name', 'email', ...requiredFieldsOf(requirements).map((field) => field.key)]);

/** The first required field left empty, in the Details tab's order: where Copy takes the person. */
export function firstMissingField(fields: SignatureFields, requirements: FieldRequirements): DetailKey | null {
  const required = requiredKeys(requirements);
  return (Object.keys(LABELS) as DetailKey[]).find((key) => required.has(key) && fields[key].trim() === '') ?? null;
}

export function openProblems(fields: SignatureFields, requirements: FieldRequirements): OpenProblem[] {
  const required = requiredKeys(requirements);
  const problems: OpenProblem[] = [];
  for (const key of Object.keys(LABELS) as DetailKey[]) {
    const message = detailProblem(key, fields[key], required.has(key));
    if (message) problems.push({ key, label: LABELS[key], message });
  }
  for (const platform of SOCIAL_PLATFORMS) {
    const value = fields.socialLinks[platform];
    const message = typeof value === 'string' && value !== '' ? profileLinkProblem(platform, value) : null;
    if (message)
      problems.push({ key: `socialLinks.${platform}`, label: `${SOCIAL_PLATFORM_INFO[platform].label} link`, message });
  }
  return problems;
}

/** Where a bare handle lives on each platform; Discord has invites, not handles. */
const HANDLE_URL: Partial<Record<SocialPlatform, (handle: string) => string>> = {
  linkedin: (h) => `https://linkedin.com/in/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  facebook: (h) => `https://facebook.com/${h}`,
  instagram: (h) => `https://instagram.com/${h}`,
  youtube: (h) => `https://youtube.com/@${h}`,
  github: (h) => `https://github.com/${h}`,
  tiktok: (h) => `https://tiktok.com/@${h}`,
  dribbble: (h) => `https://dribbble.com/${h}`,
};
const HANDLE = /^@?([\p{L}\p{N}._-]{1,100})$/u;
const BARE_DOMAIN = /^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#].*)?$/i;

/**
 * A profile as typed, made a full URL when leaving the field: '@brightlinelabs' becomes
 * https://instagram.com/brightlinelabs, 'github.com/ada' becomes https://github.com/ada. Anything
 * else is left as typed (its problem, if any, is shown under the field).
 */
export function profileUrlFrom(platform: SocialPlatform, typed: string): string {
  const value = typed.trim();
  if (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return typed;
  const handle = HANDLE.exec(value);
  const toUrl = HANDLE_URL[platform];
  if (handle?.[1] && toUrl && (value.startsWith('@') || !value.includes('.'))) return toUrl(handle[1]);
  if (BARE_DOMAIN.test(value)) return `https://${value}`;
  return typed;
}
