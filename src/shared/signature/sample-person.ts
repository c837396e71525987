import { createEmptySignature, type SignatureFields } from './signature-schema';

/**
 * The one made-up person every preview draws (the landing page's gallery, the organization
 * defaults, the clipboard check), so that every part a template styles shows. Never a person's
 * own data: screens that show it say it is a sample.
 */
export const SAMPLE_PERSON = {
  name: 'Alex Morgan',
  title: 'Head of Partnerships',
  company: 'Northwind Studio',
  phone: '+1 (415) 555-0134',
  email: 'alex@northwind.example',
  website: 'northwind.example',
  socialLinks: {
    linkedin: 'https://linkedin.com/in/alexmorgan',
    twitter: 'https://x.com/alexmorgan',
    github: 'https://github.com/alexmorgan',
  },
} satisfies Partial<SignatureFields>;

/** The sample person as a whole signature in the default design. */
export const sampleSignature = (): SignatureFields => createEmptySignature(SAMPLE_PERSON);
