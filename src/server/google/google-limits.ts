import type { LimitRule } from '../rate-limit/rate-limiter';

const HOUR = 60 * 60 * 1000;

/**
 * What one organization may ask of Google per hour (decision 0140): far above a person setting up
 * by hand, low enough that a script cannot make the server sign all day or fill the TEST MODE
 * tables with keys.
 */
export const GOOGLE_LIMITS = {
  /** Connect and "Check connection" with a key: each signs assertions and calls Google. */
  signPerOrganization: { name: 'google-sign', limit: 30, windowMs: HOUR },
  /** "Use the TEST MODE Workspace": each makes a new RSA key pair and a pretend service account. */
  testKeysPerOrganization: { name: 'google-test-key', limit: 10, windowMs: HOUR },
} satisfies Record<string, LimitRule>;
