import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import type { OrganizationLocks } from '../../../shared/signature/organization-locks';
import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { AuthService } from '../auth/auth.service';
import type { TeamsService } from '../teams/teams.service';
import { createSignatureVersionsRepository } from './signature-versions.repository';
import { createSignatureVersionsService } from './signature-versions.service';
import { createSignaturesRepository } from './signatures.repository';
import { signaturesRoutes } from './signatures.routes';
import { createSignaturesService } from './signatures.service';
import { signatureTestEmailRoutes } from './test-email.routes';
import { createTestEmailRepository } from './test-email.repository';
import { createTestEmailService } from './test-email.service';

/** A person's signatures (saved, rendered, generated) and the test email of one. */
export function createSignaturesModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'analytics' | 'rateLimiter' | 'mailer'> & {
    auth: AuthService;
    /** The organization's defaults a new signature starts from (teams). */
    signatureDefaults: TeamsService;
    /** Every saved image address is ours or re-hosted (uploads, made after this module). */
    hostedImage: (userId: string, imageURL: string) => Promise<string>;
    /** The organization's locks on a person, or null (workspace, made after this module; decision 0164). */
    locksFor: (userId: string) => Promise<OrganizationLocks | null>;
    /** The banner of the campaign the person sees now, or null (campaigns, made after this module; decision 0222). */
    bannerFor?: (userId: string) => Promise<BannerMarkup | null>;
  },
) {
  const { config, database, rateLimiter, mailer } = deps;
  const repository = createSignaturesRepository(database.db);
  const signatures = createSignaturesService({
    repository,
    analytics: deps.analytics,
    publicUrl: config.publicUrl,
    signatureDefaults: deps.signatureDefaults,
    images: { hostedImage: deps.hostedImage },
    locks: { locksFor: deps.locksFor },
    ...(deps.bannerFor ? { bannerFor: deps.bannerFor } : {}),
  });
  const versions = createSignatureVersionsService({
    repository: createSignatureVersionsRepository(database.db),
    signatures,
  });
  const testEmail = createTestEmailService({
    signatures: repository,
    recipients: createTestEmailRepository(database.db),
    limiter: rateLimiter,
    // Recorded in the outbox and sent in the background; the outbox retries while SMTP is down.
    sendMail: (message) => mailer.enqueue(message),
    publicUrl: config.publicUrl,
  });
  const signatureRoutes = routesOf(signaturesRoutes, {
    signatures,
    versions,
    auth: deps.auth,
    quota: { rateLimiter, database },
  });
  const testEmailRoutes = routesOf(signatureTestEmailRoutes, { testEmail });
  return {
    services: { signatures, testEmail },
    routes: async (app) => {
      await app.register(signatureRoutes);
      await app.register(testEmailRoutes);
    },
  } satisfies ServerModule;
}
