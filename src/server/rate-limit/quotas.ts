import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import type { LimitRule, RateLimiter } from './rate-limiter';
import { consumeOrThrow } from './limit-or-throw';

const HOUR = 60 * 60 * 1000;

/**
 * How much one person (or one address) may do: far above what anyone uses by hand, low enough
 * that a script cannot fill our disk or our tables. See docs/decisions/0034.
 */
export const QUOTAS = {
  /** Upload slots (each one can become a stored image). */
  uploadsPerPerson: { name: 'quota-upload', limit: 30, windowMs: HOUR },
  /** New signatures; saving an existing one is not counted. */
  signaturesPerPerson: { name: 'quota-signature', limit: 30, windowMs: HOUR },
  /** The auth-dialog telemetry beacon, per client address (it needs no account). */
  telemetryPerIp: { name: 'quota-telemetry', limit: 120, windowMs: HOUR },
} satisfies Record<string, LimitRule>;

/** Images kept for one organization (its members' uploads together). */
export const ORGANIZATION_STORAGE_BYTES = 100 * 1024 * 1024;
/** Signatures one person may keep, whatever the plan allows in the editor. */
export const SIGNATURES_PER_PERSON = 100;

/** One person's hourly quota: "You have uploaded 30 images in the last hour, the most we allow…" */
function enforceHourly(limiter: RateLimiter, rule: LimitRule, userId: string, verb: string, things: string) {
  return consumeOrThrow(
    limiter,
    rule,
    userId,
    (wait) => `You have ${verb} ${rule.limit} ${things} in the last hour, the most we allow. Please try again ${wait}.`,
  );
}

export type QuotaServices = { rateLimiter: RateLimiter; database: { db: Db } };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Bytes stored for the person's organization: every member's uploads (or the person's own without one). */
async function storedBytesOfOrganization(db: Db, userId: string): Promise<number> {
  const result = await db.execute<{ total: string | number | null }>(sql`
    select coalesce(sum(u.bytes), 0) as total from upload u
    where u.user_id = ${userId}
       or u.user_id in (
         select m.user_id from member m
         where m.organization_id = (select organization_id from member where user_id = ${userId} order by created_at limit 1)
       )`);
  return Number(result.rows[0]?.total ?? 0);
}

/** Before an upload slot: the person's hourly uploads, then the organization's stored bytes. Returns the user id. */
export async function enforceUploadQuota(services: QuotaServices, userId: string): Promise<string> {
  await enforceHourly(services.rateLimiter, QUOTAS.uploadsPerPerson, userId, 'uploaded', 'images');
  const stored = await storedBytesOfOrganization(services.database.db, userId);
  if (stored >= ORGANIZATION_STORAGE_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Your organization's images already use ${megabytes(stored)}, the most we keep (${megabytes(ORGANIZATION_STORAGE_BYTES)}). Please delete images you no longer use under Account › Images & Assets, then upload again.`,
    );
  }
  return userId;
}

/** Before a new signature: the person's hourly count, then the number they keep. Returns the user id. */
export async function enforceSignatureQuota(services: QuotaServices, userId: string): Promise<string> {
  const result = await services.database.db.execute<{ n: string | number }>(
    sql`select count(*) as n from signature where user_id = ${userId}`,
  );
  if (Number(result.rows[0]?.n ?? 0) >= SIGNATURES_PER_PERSON) {
    throw new AppError(
      'FORBIDDEN',
      `You already have ${SIGNATURES_PER_PERSON} signatures, the most one person can keep. Please edit one of them instead.`,
    );
  }
  await enforceHourly(services.rateLimiter, QUOTAS.signaturesPerPerson, userId, 'created', 'signatures');
  return userId;
}
