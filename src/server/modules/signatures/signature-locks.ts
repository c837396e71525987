import { lockedValues, type OrganizationLocks } from '../../../shared/signature/organization-locks';

/**
 * The organization's locks on a person (workspace, docs/decisions/0164-locks-held-on-every-save.md):
 * each locked field keeps the organization's value on every save, whatever was sent.
 */
export type LocksSource = { locksFor(userId: string): Promise<OrganizationLocks | null> };

/** The signature as its owner's organization has it: each locked field with the organization's value. */
export async function underLocks<T extends object>(
  locks: LocksSource | undefined,
  userId: string,
  fields: T,
  full: boolean,
): Promise<T> {
  const held = await locks?.locksFor(userId);
  return held ? { ...fields, ...lockedValues(held, { full }) } : fields;
}
