import type { z } from 'zod';
import type { accountProfileSchema, deviceSessionSchema } from './api/account';
import type {
  acceptInvitationResponseSchema,
  invitationPreviewSchema,
  organizationDetailsSchema,
  seatUsageSchema,
  signatureDefaultsResponseSchema,
  teamEntrySchema,
  teamResponseSchema,
} from './api/teams';

/** What the account area's endpoints answer (src/server/modules/account and teams); the schemas are in shared/api. */

export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** A signed-in device; the session token itself never leaves the server. */
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export type SeatUsage = z.infer<typeof seatUsageSchema>;

export type OrganizationDetails = z.infer<typeof organizationDetailsSchema>;

export type TeamEntry = z.infer<typeof teamEntrySchema>;

export type TeamResponse = z.infer<typeof teamResponseSchema>;

export type SignatureDefaultsResponse = z.infer<typeof signatureDefaultsResponseSchema>;

export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
