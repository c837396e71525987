import type { CurrentUser } from '../shared/account-types';

/** The signed-in person of the client's unit tests (Jane Smith, free plan); `overrides` set the plan a test needs. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'jane@acme.com',
    name: 'Jane Smith',
    emailVerified: true,
    subscriptionStatus: 'free',
    subscriptionPlan: 'Free',
    timezone: 'America/New_York',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
