import {
  createEmptySignature,
  type SignatureFields,
  type SignatureOverrides,
  type SocialPlatform,
} from '../shared/signature/signature-schema';

export const TEST_PUBLIC_URL = 'https://app.signaturepro.example';

/**
 * A signature with every field filled with realistic, long values: what a busy professional
 * really types. Used by the tests and the benchmark; override what a case is about.
 */
export function buildFullSignature(overrides: SignatureOverrides = {}): SignatureFields {
  return createEmptySignature({
    name: 'Alexandra Montgomery-Fitzgerald',
    title: 'Senior Vice President, Global Partnerships & Strategic Alliances',
    company: 'Northwind Traders International Holdings Ltd.',
    phone: '+1 (415) 555-0134 ext. 2210',
    mobile: '+44 7700 900123',
    email: 'alexandra.montgomery-fitzgerald@northwind-traders.example.com',
    website: 'https://www.northwind-traders.example.com/en-us/partnerships',
    address: 'Suite 1200, Salesforce Tower\n415 Mission Street\nSan Francisco, CA 94105, United States',
    photoUrl: `${TEST_PUBLIC_URL}/objects/q7mz4kx2vb5nw3hj6tpa-80x80.png`,
    imageLinkUrl: 'website',
    customImageUrl: '',
    socialLinks: {
      linkedin: 'https://www.linkedin.com/in/alexandra-montgomery-fitzgerald-8a7b6c5d',
      twitter: 'https://x.com/alex_montgomeryfitz',
      facebook: 'https://www.facebook.com/alexandra.montgomery.fitzgerald',
      instagram: 'https://www.instagram.com/alex.montgomery.fitzgerald',
      youtube: 'https://www.youtube.com/@NorthwindTradersPartnerships',
      github: 'https://github.com/alexandra-montgomery-fitzgerald',
      tiktok: 'https://www.tiktok.com/@northwind.traders.official',
      discord: 'https://discord.gg/northwind-partners-community',
      dribbble: 'https://dribbble.com/alexandra-montgomery-fitzgerald',
    },
    customFields: [
      { label: 'Office hours', value: 'Monday to Thursday, 9:00 AM - 5:30 PM Pacific Time' },
      { label: 'Pronouns', value: 'she/her' },
      { label: 'Book a meeting', value: 'calendly.com/alexandra-montgomery-fitzgerald/30min' },
      { label: 'Assistant', value: 'Jordan Lee, jordan.lee@northwind-traders.example.com' },
      { label: 'Languages', value: 'English, Français, Español, Deutsch' },
    ],
    ...overrides,
    design: {
      template: 'professional',
      primaryColor: '#1a73e8',
      secondaryColor: '#666666',
      fontFamily: 'Arial',
      layout: 'horizontal',
      animateLogo: 'false',
      photoShape: 'round',
      ...overrides.design,
    },
  });
}

/**
 * The profile links the editor's browser test types (tests/e2e/editor.test.ts): one per platform,
 * each on its platform's own host, about as long as people's real ones.
 */
export const EDITOR_TEST_SOCIAL_LINKS: Readonly<Record<SocialPlatform, string>> = {
  linkedin: 'https://www.linkedin.com/in/grace-hopper',
  twitter: 'https://x.com/gracehopper1906',
  facebook: 'https://www.facebook.com/grace.hopper',
  instagram: 'https://www.instagram.com/gracehopper',
  youtube: 'https://www.youtube.com/@gracehopper',
  github: 'https://github.com/grace-hopper',
  tiktok: 'https://www.tiktok.com/@gracehopper',
  discord: 'https://discord.gg/gracehopper',
  dribbble: 'https://dribbble.com/gracehopper',
};

/**
 * The full signature of the editor's browser test: every field, an uploaded logo (served from the
 * app's own origin), nine profiles and the Free plan's watermark, with the design it ends on.
 * The 4,000-character budget is held on it.
 */
export function buildEditorTestSignature(overrides: SignatureOverrides = {}): SignatureFields {
  return createEmptySignature({
    name: 'Grace Hopper',
    title: 'Rear Admiral',
    company: 'US Navy',
    phone: '+1 555 010 2000',
    mobile: '+1 555 010 3000',
    email: 'grace@example.com',
    website: 'example.com/grace',
    address: '1 Harbor Way\nArlington, VA',
    customFields: [{ label: 'Pronouns', value: 'she/her' }],
    // An upload's public path: /objects/<uuid>.png on the app's origin.
    photoUrl: '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png',
    socialLinks: { ...EDITOR_TEST_SOCIAL_LINKS },
    ...overrides,
    design: {
      template: 'minimal',
      primaryColor: '#34a853',
      fontFamily: 'Georgia',
      layout: 'vertical',
      photoShape: 'rounded',
      ...overrides.design,
    },
  });
}
