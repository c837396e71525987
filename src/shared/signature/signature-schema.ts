import { z } from 'zod';
import { TEMPLATES, TEMPLATE_LABELS, type Template } from './template-info';
import { limitedText } from '../validation/text-field';
import { isUsableProfileLink, platformHostList, SOCIAL_PLATFORMS, type SocialPlatform } from './social-hosts';
import { contactLinkProblem } from './url-normalise';
import { phoneProblem } from './phone-characters';

export { SOCIAL_PLATFORMS, type SocialPlatform };

export const SOCIAL_PLATFORM_INFO: Record<SocialPlatform, { label: string; color: string; placeholder: string }> = {
  linkedin: { label: 'LinkedIn', color: '#0a66c2', placeholder: 'https://linkedin.com/in/yourname' },
  twitter: { label: 'X (Twitter)', color: '#000000', placeholder: 'https://x.com/yourhandle' },
  facebook: { label: 'Facebook', color: '#1877f2', placeholder: 'https://facebook.com/yourpage' },
  instagram: { label: 'Instagram', color: '#e4405f', placeholder: 'https://instagram.com/yourhandle' },
  youtube: { label: 'YouTube', color: '#ff0000', placeholder: 'https://youtube.com/@yourchannel' },
  github: { label: 'GitHub', color: '#181717', placeholder: 'https://github.com/yourname' },
  tiktok: { label: 'TikTok', color: '#010101', placeholder: 'https://tiktok.com/@yourhandle' },
  discord: { label: 'Discord', color: '#5865f2', placeholder: 'https://discord.gg/yourinvite' },
  dribbble: { label: 'Dribbble', color: '#ea4c89', placeholder: 'https://dribbble.com/yourname' },
};

/** The editor and the organization's signature defaults offer the same four, from one catalogue. */
export { TEMPLATES, TEMPLATE_LABELS, type Template };

export const LAYOUTS = ['horizontal', 'vertical', 'text-only'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const LAYOUT_LABELS: Record<Layout, string> = {
  horizontal: 'Horizontal',
  vertical: 'Vertical',
  'text-only': 'Text only',
};

export const PHOTO_SHAPES = ['square', 'rounded', 'round'] as const;
export type PhotoShape = (typeof PHOTO_SHAPES)[number];
export const PHOTO_SHAPE_LABELS: Record<PhotoShape, string> = { square: 'Square', rounded: 'Rounded', round: 'Round' };

export const FONT_CHOICES = [
  { value: 'Arial', label: 'Arial (Gmail Default)', stack: 'Arial,Helvetica,sans-serif' },
  { value: 'Helvetica', label: 'Helvetica', stack: 'Helvetica,Arial,sans-serif' },
  { value: 'Times New Roman', label: 'Times New Roman', stack: "'Times New Roman',Times,serif" },
  { value: 'Georgia', label: 'Georgia', stack: 'Georgia,serif' },
] as const;
export type FontFamily = (typeof FONT_CHOICES)[number]['value'];
export const FONT_VALUES = FONT_CHOICES.map((f) => f.value) as [FontFamily, ...FontFamily[]];

/** The colour lists people pick from are in colour-choices.ts; a design may hold any hex colour. */
/**
 * Gmail Blue a shade darker than the spec's #1a73e8 (4.5:1 on white, 3.4:1 in dark mode), so an
 * untouched signature is readable on white and in both dark themes (decision 0171).
 */
export const DEFAULT_PRIMARY_COLOR = '#135dbe';
/** The title, company and contact text (spec section 3, signature defaults). */
export const DEFAULT_SECONDARY_COLOR = '#666666';
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** 'light': a white cell behind the logo, so a dark logo on a transparent background stays visible in dark mode. */
export const LOGO_BACKINGS = ['none', 'light'] as const;
export type LogoBacking = (typeof LOGO_BACKINGS)[number];
/** 'on': an image stored with a baked light halo (dark ink, transparent background) shows it (decision 0171). */
export const LOGO_HALOS = ['on', 'off'] as const;
export type LogoHalo = (typeof LOGO_HALOS)[number];
/** How a square-ish image is shown: 'auto' by proportions, or as the person answered "logo or photo". */
export const IMAGE_KINDS = ['auto', 'logo', 'photo'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_LINK_OPTIONS = ['none', 'website', 'custom'] as const;
export type ImageLink = (typeof IMAGE_LINK_OPTIONS)[number];

export const MAX_CUSTOM_FIELDS = 5;

export const LIMITS = {
  name: 100,
  title: 100,
  company: 100,
  phone: 40,
  mobile: 40,
  email: 254,
  website: 300,
  address: 300,
  url: 500,
  socialUrl: 200,
  customFieldLabel: 40,
  customFieldValue: 200,
} as const;

/**
 * A person's text: invisible controls stripped, NUL and broken characters refused, and the limit
 * counting what was typed (text-field.ts).
 */
const text = (max: number, label: string) => limitedText(max, label);

/** A field that may hold a mailto: or tel: link, held to the strict rules (url-normalise.ts), in words. */
const linkText = (max: number, label: string) =>
  text(max, label).superRefine((value, ctx) => {
    const problem = contactLinkProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${label}: ${problem}` });
  });

/** A phone number: its characters only, in words naming what to remove (phone-characters.ts). */
const phoneText = (max: number, label: string) =>
  text(max, label).superRefine((value, ctx) => {
    const problem = phoneProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The spec (section 3): "square, rounded, otherwise round", and it gives the default as "circle".
 * So any other word, "circle" included, is stored as round.
 */
const photoShape = z
  .string('Please choose a photo shape')
  .max(20, 'Please choose a photo shape')
  .transform((value): PhotoShape => (value === 'square' || value === 'rounded' ? value : 'round'));

const designShape = {
  template: z.enum(TEMPLATES, 'Please select a template'),
  primaryColor: z.string().regex(HEX_COLOR, 'Colour must look like #1a73e8'),
  secondaryColor: z.string().regex(HEX_COLOR, 'Colour must look like #666666'),
  fontFamily: z.enum(FONT_VALUES, 'Please choose one of the listed fonts'),
  layout: z.enum(LAYOUTS, 'Please choose a layout'),
  /** The spec keeps this as the string 'true' or 'false'. */
  animateLogo: z.enum(['true', 'false']),
  photoShape,
  logoBacking: z.enum(LOGO_BACKINGS, 'Logo backing must be none or light'),
  logoHalo: z.enum(LOGO_HALOS, 'Logo halo must be on or off'),
  imageKind: z.enum(IMAGE_KINDS, 'Please choose logo or photo'),
};

/** Signatures and clients older than the secondary colour send none: they get the default grey. */
export const designSchema = z.object({
  ...designShape,
  secondaryColor: designShape.secondaryColor.default(DEFAULT_SECONDARY_COLOR),
  logoBacking: designShape.logoBacking.default('none'),
  logoHalo: designShape.logoHalo.default('on'),
  imageKind: designShape.imageKind.default('auto'),
});
export type Design = z.infer<typeof designSchema>;

export const customFieldSchema = z.object({
  label: text(LIMITS.customFieldLabel, 'A custom field label'),
  value: text(LIMITS.customFieldValue, 'A custom field value'),
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** Why a profile link cannot be used, in words naming the platform, or null. */
export function profileLinkProblem(platform: SocialPlatform, value: string): string | null {
  if (isUsableProfileLink(platform, value)) return null;
  const { label, placeholder } = SOCIAL_PLATFORM_INFO[platform];
  return `Your ${label} link must be an address on ${platformHostList(platform)}, like ${placeholder}`;
}

/** A profile link for a platform must be on that platform. */
function refineProfileHosts(links: Partial<Record<SocialPlatform, string | null>>, ctx: z.RefinementCtx) {
  for (const platform of SOCIAL_PLATFORMS) {
    const value = links[platform];
    const problem = typeof value === 'string' && value !== '' ? profileLinkProblem(platform, value) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: [platform], message: problem });
  }
}

export const socialLinksSchema = z
  .partialRecord(z.enum(SOCIAL_PLATFORMS), text(LIMITS.socialUrl, 'A social profile link'))
  .superRefine(refineProfileHosts);
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/**
 * The one-line and address fields a person types, with the names the editor shows them under:
 * the schema's messages and the size advice both name a field by these words.
 */
export const TEXT_FIELD_LABELS = {
  name: 'Full Name',
  title: 'Job Title',
  company: 'Company',
  phone: 'Phone',
  mobile: 'Mobile',
  email: 'Email Address',
  website: 'Website URL',
  address: 'Address',
} as const;
export type TextFieldKey = keyof typeof TEXT_FIELD_LABELS;
export const TEXT_FIELD_KEYS = Object.keys(TEXT_FIELD_LABELS) as TextFieldKey[];

/** Every field a person edits. The same schema checks the editor and the API. */
export const signatureFieldsSchema = z.object({
  name: text(LIMITS.name, TEXT_FIELD_LABELS.name),
  title: text(LIMITS.title, TEXT_FIELD_LABELS.title),
  company: text(LIMITS.company, TEXT_FIELD_LABELS.company),
  phone: phoneText(LIMITS.phone, TEXT_FIELD_LABELS.phone),
  mobile: phoneText(LIMITS.mobile, TEXT_FIELD_LABELS.mobile),
  email: text(LIMITS.email, TEXT_FIELD_LABELS.email),
  website: linkText(LIMITS.website, TEXT_FIELD_LABELS.website),
  address: text(LIMITS.address, TEXT_FIELD_LABELS.address),
  photoUrl: text(LIMITS.url, 'The image URL'),
  imageLinkUrl: z.enum(IMAGE_LINK_OPTIONS, 'Image Link URL must be None, Website URL or Custom URL'),
  customImageUrl: linkText(LIMITS.url, 'The custom image link'),
  socialLinks: socialLinksSchema,
  customFields: z.array(customFieldSchema).max(MAX_CUSTOM_FIELDS, `At most ${MAX_CUSTOM_FIELDS} custom fields`),
  design: designSchema,
});
export type SignatureFields = z.infer<typeof signatureFieldsSchema>;

/**
 * In a patch, socialLinks are merged platform by platform; a platform set to '' or null is removed
 * (decision 0006). A full save (one that carries its version) replaces the whole map.
 */
export const socialLinksPatchSchema = z
  .partialRecord(z.enum(SOCIAL_PLATFORMS), text(LIMITS.socialUrl, 'A social profile link').nullable())
  .superRefine(refineProfileHosts);

/**
 * Per-field changes to customFields, applied in order (decision 0006): a value sets the field at
 * that position (added at the end when the list is shorter); null removes it, only if it still
 * reads `was` when `was` is given.
 */
export const customFieldsPatchSchema = z
  .array(
    z
      .object({
        index: z
          .number('A custom field position must be a number')
          .int('A custom field position must be a whole number')
          .min(0, 'A custom field position starts at 0')
          .max(MAX_CUSTOM_FIELDS - 1, `There are at most ${MAX_CUSTOM_FIELDS} custom fields`),
        value: customFieldSchema.nullable(),
        was: customFieldSchema.optional(),
      })
      .strict(),
  )
  .max(50, 'Too many custom field changes at once; please save again');
export type CustomFieldsPatch = z.infer<typeof customFieldsPatchSchema>;

/** A partial update: any subset of fields; design may itself be partial. */
export const signaturePatchSchema = signatureFieldsSchema
  .omit({ design: true })
  .partial()
  // Built without the default: zod fills defaults even in a partial object, and a patch that
  // left the secondary colour out would otherwise reset it.
  .extend({
    design: z.object(designShape).partial().optional(),
    socialLinks: socialLinksPatchSchema.optional(),
    customFieldsPatch: customFieldsPatchSchema.optional(),
  })
  .strict()
  .refine((patch) => !(patch.customFields && patch.customFieldsPatch), {
    message: 'Send the whole customFields list or customFieldsPatch, not both',
    path: ['customFieldsPatch'],
  });
export type SignaturePatch = z.infer<typeof signaturePatchSchema>;

export type SavedSignature = SignatureFields & {
  id: string;
  /** What the person calls it, its send-as address, and whether it is their default (signature-meta.ts). */
  label: string;
  sendAsEmail: string | null;
  isDefault: boolean;
  htmlSignature: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export const DEFAULT_DESIGN: Design = {
  template: 'professional',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  fontFamily: 'Arial',
  layout: 'horizontal',
  animateLogo: 'false',
  photoShape: 'round',
  logoBacking: 'none',
  logoHalo: 'on',
  imageKind: 'auto',
};

/** Any fields; the design may be partial and is filled from DEFAULT_DESIGN. */
export type SignatureOverrides = Partial<Omit<SignatureFields, 'design'>> & { design?: Partial<Design> };

export function createEmptySignature(overrides: SignatureOverrides = {}): SignatureFields {
  return {
    name: '',
    title: '',
    company: '',
    phone: '',
    mobile: '',
    email: '',
    website: '',
    address: '',
    photoUrl: '',
    imageLinkUrl: 'none',
    customImageUrl: '',
    socialLinks: {},
    customFields: [],
    ...overrides,
    design: { ...DEFAULT_DESIGN, ...overrides.design },
  };
}
