import type { PlanCapability } from './billing/plans';
import type { SignatureDefaults, TeamRole } from './validation/account-schemas';

/** What the account area's endpoints answer (src/server/modules/account and teams). */

export type AccountProfile = { name: string; email: string; timezone: string; emailVerified: boolean };

/** A signed-in device; the session token itself never leaves the server. */
export type DeviceSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
};

export type SeatUsage = {
  /** Active members plus pending invitations: an invitation holds its seat until it is accepted or withdrawn. */
  used: number;
  limit: number;
  active: number;
  pending: number;
  /** The limit is the trial's 10 seats rather than the plan's. */
  onTrial: boolean;
};

export type OrganizationDetails = {
  id: string;
  name: string;
  domain: string | null;
  logoUrl: string | null;
  plan: string;
  trialEndsAt: string | null;
  role: TeamRole;
  /** Owners and admins edit the organization, its team, defaults and logo. */
  canManage: boolean;
  seats: SeatUsage;
  /** What the organization's plan lets it do now (a running trial: Pro's); the rest is shown as upgrades. */
  capabilities: Record<PlanCapability, boolean>;
};

export type TeamEntry = {
  /** A member id for active members, an invitation id for pending ones. */
  id: string;
  kind: 'member' | 'invitation';
  email: string;
  name: string | null;
  role: TeamRole;
  status: 'active' | 'pending';
  /** Joined at (members) or last invited at (invitations). */
  since: string;
  expiresAt: string | null;
  expired: boolean;
  isYou: boolean;
};

export type TeamResponse = {
  entries: TeamEntry[];
  seats: SeatUsage;
  canManage: boolean;
  yourRole: TeamRole;
  /** What the organization's plan lets it do now; the team tab shows the rest as upgrades. */
  capabilities: Record<PlanCapability, boolean>;
};

export type SignatureDefaultsResponse = SignatureDefaults & { logoUrl: string | null; canManage: boolean };

export type InvitationPreview = {
  organizationName: string;
  inviterName: string;
  email: string;
  role: TeamRole;
  status: 'pending' | 'accepted' | 'canceled' | 'expired';
  expiresAt: string;
  /** For a signed-in visitor: what accepting would do for them; null when signed out. */
  viewer: {
    email: string;
    emailMatches: boolean;
    alreadyMember: boolean;
    /** Why this person cannot join yet (an owner whose team has other members). */
    blockedReason: string | null;
    /** The organization they would leave: closed when they are its only member. */
    leaves: { name: string; closes: boolean } | null;
  } | null;
};

export type AcceptInvitationResponse = { organization: { id: string; name: string }; role: TeamRole };
