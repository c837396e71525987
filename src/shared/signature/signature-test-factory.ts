import { createEmptySignature, type SignatureFields, type SignatureOverrides } from './signature-schema';

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
