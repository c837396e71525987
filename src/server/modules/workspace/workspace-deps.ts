import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { GoogleAdapter } from '../../google/google-adapter';
import type { RetryPolicy } from '../../google/retry-policy';
import type { JobRunner } from '../../jobs/job-runner';
import type { MailMessage } from '../../mail/mailer';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import type { HostedImage } from '../uploads/uploads.service';
import type { PersonRow } from './workspace.repository';

/** What the Workspace service is made from (the module's factory gives it; tests give their own). */
export type WorkspaceDeps = {
  db: Db;
  config: AppConfig;
  jobs: JobRunner;
  /** JOB_LEASE_SECONDS: a push whose process died is taken again after this long. */
  leaseSeconds?: number;
  /** Google, real or TEST MODE, chosen once in the module's factory (decision 0140). */
  google: GoogleAdapter;
  /** Counts key checks and TEST MODE keys per organization (decision 0140). */
  limiter?: RateLimiter;
  /** Tests shorten Google's backoff; unset, a job's calls share 40% of its lease (decision 0134). */
  retry?: RetryPolicy;
  onPushFailure?: () => void;
  /** The mail outbox: a stopped connection's one alert to the owner and admins (decision 0133). */
  sendMail?: (message: MailMessage) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
  /** The banner of the campaign a person sees now, or null (campaigns module, decision 0222). */
  bannerFor?: (person: PersonRow, use: 'push' | 'preview') => Promise<{ html: string; text: string } | null>;
  /** The Google groups the organization's rules and campaigns name: the only ones a sync reads (decision 0236). */
  groupsNamed?: (organizationId: string) => Promise<string[]>;
  /** The template's logo and a person's photo are ours or re-hosted, as every save (decision 0162). */
  hostedImage: HostedImage;
};
