import {
  applyOrganizationPolicy,
  isLocked,
  PERSON_FIELDS,
  type OrganizationPolicy,
  type PersonField,
} from './organization-policy';
import { DEFAULT_DESIGN, SOCIAL_PLATFORMS, type Design, type SignaturePatch } from './signature-schema';

/**
 * The organization's locks as they hold one person (docs/decisions/0164-locks-held-on-every-save.md):
 * worked out by `applyOrganizationPolicy`, sent to the editor (`GET /api/signatures/locks`), which
 * shows these fields read-only, and put on every save of theirs by the server.
 */
export type OrganizationLocks = {
  /** The fields the person may not change. */
  locked: PersonField[];
  designLocked: boolean;
  /** The value each locked field has: the directory's or the organization's. */
  values: Partial<Record<PersonField, unknown>>;
  /** The design the signature has when the design is locked. */
  design: Design;
  /** A running campaign's banner under the person's signature (decision 0222), sent with the locks. */
  banner?: { html: string; text: string } | null;
};

export const NO_LOCKS: OrganizationLocks = { locked: [], designLocked: false, values: {}, design: DEFAULT_DESIGN };

/** The locks a policy puts on a person with these directory values; the values come from the one policy function. */
export function locksOf(
  policy: OrganizationPolicy,
  directory: Partial<Record<PersonField, unknown>> = {},
): OrganizationLocks {
  const applied: Record<string, unknown> & { design: Design } = applyOrganizationPolicy({}, policy, directory);
  const locked = PERSON_FIELDS.filter((field) => isLocked(policy, field));
  const values: Partial<Record<PersonField, unknown>> = {};
  for (const field of locked) if (applied[field] !== undefined) values[field] = applied[field];
  return { locked, designLocked: policy.designLocked, values, design: applied.design };
}

export const hasLocks = (locks: OrganizationLocks) => locks.locked.length > 0 || locks.designLocked;

/**
 * What a save under the locks writes over whatever was sent: each locked field that has a value
 * takes it, and a locked design is the organization's. Written on every save, sent or not, so a
 * signature made before the locks comes into line. A patch merges socialLinks platform by platform,
 * so the platforms the organization does not give are removed (null) there.
 */
export function lockedValues(locks: OrganizationLocks, { full }: { full: boolean }): SignaturePatch {
  const out: Record<string, unknown> = {};
  for (const field of locks.locked) {
    const value = locks.values[field];
    if (value === undefined) continue;
    if (field !== 'socialLinks') {
      out[field] = typeof value === 'string' ? value : String(value ?? '');
      continue;
    }
    const links = (value ?? {}) as Record<string, string>;
    out.socialLinks = full ? links : Object.fromEntries(SOCIAL_PLATFORMS.map((p) => [p, links[p] || null]));
  }
  if (locks.designLocked) out.design = locks.design;
  return out as SignaturePatch;
}

/** True when a save touches a field an organization can lock (a person field or the design). */
export function touchesLockable(patch: Record<string, unknown>): boolean {
  return 'design' in patch || PERSON_FIELDS.some((field) => field in patch);
}
