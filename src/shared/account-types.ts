/** What GET /api/auth/me answers, and what signup and login return. */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  subscriptionStatus: string;
  subscriptionPlan: string | null;
  /** True when the status comes from a seat on the organization's paid plan, not the person's own. */
  coveredByTeam?: boolean;
  /** Why a member of a paying organization still sees the watermark (its seats ran out), and who can add seats. */
  seatNotice?: string | null;
  timezone: string;
  createdAt: string;
};

export type CurrentOrganization = {
  id: string;
  name: string;
  domain: string | null;
  plan: string;
  trialEndsAt: string | null;
  seats: number;
  role: 'owner' | 'admin' | 'member';
};

export type MeResponse = { user: CurrentUser; organization: CurrentOrganization | null };
