import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, session } from '../../db/schema/auth.schema';
import { workspaceTemplate } from '../../db/schema/workspace.schema';
import { organizationSignature } from '../../db/schema/signature-rules.schema';
import { signature } from '../../db/schema/signatures.schema';
import type { CustomFieldsPatch, SignaturePatch, SocialLinks } from '../../../shared/signature/signature-schema';
import { isWritableBy, oldestLiveSession, type SignatureRow, type Writer } from './signature-owner.repository';

/** What a save answered with `Prefer: return=minimal` reads back (docs/decisions/0245). */
export type SignatureStampRow = Pick<SignatureRow, 'id' | 'version' | 'updatedAt'>;
/** What a save reads back: the whole row, or only its stamp. */
export type Returning = 'row' | 'stamp';
export type Returned<R extends Returning> = R extends 'stamp' ? SignatureStampRow : SignatureRow;
const stampColumns = { id: signature.id, version: signature.version, updatedAt: signature.updatedAt };
const returnedColumns = (returning: Returning) => (returning === 'stamp' ? stampColumns : getTableColumns(signature));

/** A platform set to '' or null is removed. */
function keptLinks(links: Record<string, string | null | undefined>): SocialLinks {
  return Object.fromEntries(
    Object.entries(links).filter(([, url]) => typeof url === 'string' && url !== ''),
  ) as SocialLinks;
}

/**
 * socialLinks merged by the database, platform by platform (decision 0006): removals become
 * nulls, which jsonb_strip_nulls drops after the merge.
 */
function mergedSocialLinks(links: Record<string, string | null | undefined>): SQL {
  return sql`jsonb_strip_nulls(${signature.socialLinks} || ${JSON.stringify(withNullsForRemoved(links))}::jsonb)`;
}

function withNullsForRemoved(links: Record<string, string | null | undefined>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(links).map(([platform, url]) => [platform, url ? url : null]));
}

/** customFields after the patch's per-field changes, in order, evaluated against the locked row. */
function patchedCustomFields(changes: CustomFieldsPatch): SQL {
  let list: SQL = sql`${signature.customFields}`;
  for (const change of changes) {
    if (change.value) {
      // jsonb_set adds at the end an index past the list's end.
      list = sql`jsonb_set(${list}, ${`{${change.index}}`}::text[], ${JSON.stringify(change.value)}::jsonb, true)`;
    } else if (change.was) {
      list = sql`(select case when cf.list -> ${change.index}::int = ${JSON.stringify(change.was)}::jsonb then cf.list - ${change.index}::int else cf.list end from (select ${list} as list) as cf)`;
    } else {
      list = sql`(${list} - ${change.index}::int)`;
    }
  }
  return list;
}

/**
 * False while the signature's owner is a plain member of an organization with a template or an
 * organization signature (decision 0220), who may be
 * held by its locks (docs/decisions/0164-locks-held-on-every-save.md). A guarded UPDATE writes only
 * when this is true, so every other person's save stays one statement; which fields are locked, and
 * the values they take, the service decides with the one policy function before it writes again.
 */
const heldByNoLocks = sql`not exists (select 1 from ${member} m where m.user_id = ${signature.userId} and m.role = 'member' and (exists (select 1 from ${workspaceTemplate} t where t.organization_id = m.organization_id) or exists (select 1 from ${organizationSignature} os where os.organization_id = m.organization_id)))`;

type UpdateShape = {
  writer: 'user' | 'session';
  full: boolean;
  /** Plain columns set from the patch, sorted. */
  columns: string[];
  design: boolean;
  socialLinks: boolean;
  /** Written only when the owner is held by no organization's locks (`heldByNoLocks`). */
  unlocked: boolean;
  returning: Returning;
};

/** At most this many shapes of patch are kept prepared per process; rarer ones are prepared per call. */
const PREPARED_SHAPES_MAX = 256;

export type PatchOptions = {
  /**
   * A full save's version: the row is written only if it is still at it (no row otherwise),
   * and socialLinks given replace the stored map (decision 0006).
   */
  baseVersion?: number;
  /** Written only if no organization's locks may hold the owner; no row otherwise (decision 0164). */
  unlockedOnly?: boolean;
};

/** The whole row (default), or only its stamp: less for the database to send and us to read. */
type ReturningOption<R extends Returning> = { returning?: R };

/** The UPDATE for one shape of patch, with every value a placeholder (see updateOwnedSignature). */
function prepareUpdate(db: Db, shape: UpdateShape, name: string) {
  const set: Record<string, unknown> = {};
  for (const column of shape.columns) set[column] = sql.placeholder(`set_${column}`);
  if (shape.design) set.design = sql`${signature.design} || ${sql.placeholder('design')}::jsonb`;
  if (shape.socialLinks) {
    set.socialLinks = shape.full
      ? sql.placeholder('socialLinks')
      : sql`jsonb_strip_nulls(${signature.socialLinks} || ${sql.placeholder('socialLinks')}::jsonb)`;
  }
  const owner =
    shape.writer === 'user'
      ? eq(signature.userId, sql.placeholder('userId'))
      : eq(
          signature.userId,
          sql`(select s.user_id from ${session} s where s.token = ${sql.placeholder('token')} and s.expires_at > ${sql.placeholder('now')} and s.created_at > ${sql.placeholder('oldest')})`,
        );
  return db
    .update(signature)
    .set({ ...(set as Partial<SignatureRow>), version: sql`${signature.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(signature.id, sql.placeholder('id')),
        owner,
        shape.full ? eq(signature.version, sql.placeholder('baseVersion')) : undefined,
        shape.unlocked ? heldByNoLocks : undefined,
      ),
    )
    .returning(returnedColumns(shape.returning))
    .prepare(name);
}

/** A signature's content written by a patch, one UPDATE per save (the autosave's path). */
export function createSignaturePatchRepository(db: Db) {
  const prepared = new Map<string, ReturnType<typeof prepareUpdate>>();

  function preparedUpdate(shape: UpdateShape) {
    const key = JSON.stringify(shape);
    let statement = prepared.get(key);
    if (!statement) {
      // The name is the shape's own (PostgreSQL keeps a prepared statement per connection by name).
      statement = prepareUpdate(
        db,
        shape,
        `signature_update_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`,
      );
      if (prepared.size < PREPARED_SHAPES_MAX) prepared.set(key, statement);
    }
    return statement;
  }

  /** Per-position changes make a statement of their own shape each time: built per call. */
  async function updateWithCustomFields<R extends Returning>(
    id: string,
    writer: Writer,
    patch: SignaturePatch & { customFieldsPatch: CustomFieldsPatch },
    options: PatchOptions & { returning: R },
  ): Promise<Returned<R> | undefined> {
    const { design, socialLinks, customFieldsPatch, ...fields } = patch;
    const full = options.baseVersion !== undefined;
    const [row] = await db
      .update(signature)
      .set({
        ...fields,
        ...(design && Object.keys(design).length > 0
          ? { design: sql`${signature.design} || ${JSON.stringify(design)}::jsonb` }
          : {}),
        ...(socialLinks ? { socialLinks: full ? keptLinks(socialLinks) : mergedSocialLinks(socialLinks) } : {}),
        customFields: patchedCustomFields(customFieldsPatch),
        version: sql`${signature.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          isWritableBy(id, writer),
          full ? eq(signature.version, options.baseVersion!) : undefined,
          options.unlockedOnly ? heldByNoLocks : undefined,
        ),
      )
      .returning(returnedColumns(options.returning));
    return row as Returned<R> | undefined;
  }

  return {
    /**
     * Applies a patch in a single UPDATE. The design is merged by the database
     * (`design || patch`), which evaluates it against the row as it is when the row lock is
     * granted: two concurrent patches to different fields or design keys both survive. So are
     * socialLinks (per platform) and customFieldsPatch (per position), decision 0006.
     */
    async updateOwnedSignature<R extends Returning = 'row'>(
      id: string,
      writer: Writer,
      patch: SignaturePatch,
      options: PatchOptions & ReturningOption<R> = {},
    ): Promise<Returned<R> | undefined> {
      const { design, socialLinks, customFieldsPatch, ...fields } = patch;
      const full = options.baseVersion !== undefined;
      const returning = (options.returning ?? 'row') as R;
      if (customFieldsPatch && customFieldsPatch.length > 0) {
        return updateWithCustomFields(id, writer, { ...patch, customFieldsPatch }, { ...options, returning });
      }
      // Everything else (every autosave) runs a prepared statement per shape of patch: the same
      // SQL as updateWithCustomFields, built and planned once per process instead of on every keystroke's save.
      const columns = Object.keys(fields)
        .filter((key) => fields[key as keyof typeof fields] !== undefined)
        .sort();
      const shape = {
        writer: 'userId' in writer ? 'user' : 'session',
        full,
        columns,
        design: design !== undefined && Object.keys(design).length > 0,
        socialLinks: socialLinks !== undefined,
        unlocked: options.unlockedOnly === true,
        returning,
      } as const;
      const values: Record<string, unknown> = { id };
      for (const column of columns) values[`set_${column}`] = fields[column as keyof typeof fields];
      if (shape.design) values.design = JSON.stringify(design);
      if (socialLinks)
        values.socialLinks = full ? keptLinks(socialLinks) : JSON.stringify(withNullsForRemoved(socialLinks));
      if ('userId' in writer) values.userId = writer.userId;
      else
        Object.assign(values, { token: writer.sessionToken, now: writer.now, oldest: oldestLiveSession(writer.now) });
      if (full) values.baseVersion = options.baseVersion;
      const [row] = await preparedUpdate(shape).execute(values);
      return row as Returned<R> | undefined;
    },
  };
}
