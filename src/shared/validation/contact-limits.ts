/** The contact form's limits (spec section 5), in a module without zod for the form's first paint. */
export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  subjectMin: 2,
  subjectMax: 120,
  messageMin: 10,
  messageMax: 2000,
} as const;
