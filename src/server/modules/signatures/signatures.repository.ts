import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findEffectiveSubscriptionStatus } from '../billing/team-entitlement.repository';
import { member, session } from '../../db/schema/auth.schema';
import { workspaceTemplate } from '../../db/schema/workspace.schema';
import { organizationSignature } from '../../db/schema/signature-rules.schema';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../auth/auth';
import { signature } from '../../db/schema/signatures.schema';
import { uniqueViolation } from '../../db/unique-violation';
import type {
  CustomFieldsPatch,
  SignatureFields,
  SignaturePatch,
  SocialLinks,
} from '../../../shared/signature/signature-schema';

export type SignatureRow = typeof signature.$inferSelect;

/** Who may write a signature: its owner, named by id or by a live session's token. */
export type Writer = { userId: string } | { sessionToken: string; now: Date };

const isOwnedBy = (id: string, userId: string) => and(eq(signature.id, id), eq(signature.userId, userId));

/**
 * The signature, if the writer owns it. A session token is resolved inside the same statement
 * (session.token is unique and indexed), so a save is one round trip to the database.
 */
const isWritableBy = (id: string, writer: Writer) =>
  'userId' in writer
    ? isOwnedBy(id, writer.userId)
    : and(
        eq(signature.id, id),
        eq(
          signature.userId,
          sql`(select s.user_id from ${session} s where s.token = ${writer.sessionToken} and s.expires_at > ${writer.now} and s.created_at > ${new Date(writer.now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS)})`,
        ),
      );

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

export { uniqueViolation };

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
};

/** At most this many shapes of patch are kept prepared per process; rarer ones are prepared per call. */
const PREPARED_SHAPES_MAX = 256;

export function createSignaturesRepository(db: Db) {
  const prepared = new Map<string, ReturnType<typeof prepareUpdate>>();

  /** The UPDATE for one shape of patch, with every value a placeholder (see updateOwnedSignature). */
  function prepareUpdate(shape: UpdateShape, name: string) {
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
      .returning()
      .prepare(name);
  }

  function preparedUpdate(shape: UpdateShape) {
    const key = JSON.stringify(shape);
    let statement = prepared.get(key);
    if (!statement) {
      // The name is the shape's own (PostgreSQL keeps a prepared statement per connection by name).
      statement = prepareUpdate(
        shape,
        `signature_update_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`,
      );
      if (prepared.size < PREPARED_SHAPES_MAX) prepared.set(key, statement);
    }
    return statement;
  }

  return {
    /** The default first, then oldest first: the editor opens the first one (docs/decisions/0120). */
    async listSignaturesByUser(userId: string): Promise<SignatureRow[]> {
      return db
        .select()
        .from(signature)
        .where(eq(signature.userId, userId))
        .orderBy(desc(signature.isDefault), asc(signature.createdAt), asc(signature.id));
    },

    async findOwnedSignature(id: string, userId: string): Promise<SignatureRow | undefined> {
      const [row] = await db.select().from(signature).where(isOwnedBy(id, userId)).limit(1);
      return row;
    },

    /**
     * A person's first signature becomes their default, decided in the INSERT itself; two first
     * signatures created at once meet the one-default index, and the second is stored as not default.
     */
    async insertSignature(
      values: SignatureFields & { id: string; userId: string; label: string; sendAsEmail: string | null },
    ): Promise<SignatureRow> {
      const firstOfPerson = sql<boolean>`not exists (select 1 from ${signature} s where s.user_id = ${values.userId})`;
      try {
        const [row] = await db
          .insert(signature)
          .values({ ...values, isDefault: firstOfPerson })
          .returning();
        return row!;
      } catch (error) {
        if (uniqueViolation(error) !== 'signature_one_default_per_user') throw error;
        const [row] = await db
          .insert(signature)
          .values({ ...values, isDefault: false })
          .returning();
        return row!;
      }
    },

    /**
     * Label and send-as address in one UPDATE without a version bump (they are not the content a
     * full save compares, decision 0006). Making it the default first clears the person's other
     * default, in the same transaction, so there is exactly one at every moment.
     */
    async updateSignatureMeta(
      id: string,
      writer: Writer,
      meta: { label?: string; sendAsEmail?: string | null; isDefault?: true },
    ): Promise<SignatureRow | undefined> {
      const { isDefault, ...columns } = meta;
      if (!isDefault) {
        if (Object.keys(columns).length === 0) {
          const [row] = await db.select().from(signature).where(isWritableBy(id, writer)).limit(1);
          return row;
        }
        const [row] = await db.update(signature).set(columns).where(isWritableBy(id, writer)).returning();
        return row;
      }
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(signature).where(isWritableBy(id, writer)).for('update').limit(1);
        if (!target) return undefined;
        await tx
          .update(signature)
          .set({ isDefault: false })
          .where(and(eq(signature.userId, target.userId), eq(signature.isDefault, true), ne(signature.id, id)));
        const [row] = await tx
          .update(signature)
          .set({ ...columns, isDefault: true })
          .where(eq(signature.id, id))
          .returning();
        return row;
      });
    },

    /**
     * Deletes one of the person's signatures, never the last one; when it was the default, the
     * oldest one left becomes the default. The person's signatures are locked meanwhile, so two
     * deletes at once cannot remove both of the last two.
     */
    async deleteOwnedSignature(id: string, userId: string): Promise<'deleted' | 'missing' | 'last'> {
      return db.transaction(async (tx) => {
        const mine = await tx
          .select({ id: signature.id, isDefault: signature.isDefault })
          .from(signature)
          .where(eq(signature.userId, userId))
          .orderBy(asc(signature.createdAt), asc(signature.id))
          .for('update');
        const target = mine.find((row) => row.id === id);
        if (!target) return 'missing';
        if (mine.length === 1) return 'last';
        await tx.delete(signature).where(isOwnedBy(id, userId));
        if (target.isDefault) {
          const next = mine.find((row) => row.id !== id)!;
          await tx.update(signature).set({ isDefault: true }).where(eq(signature.id, next.id));
        }
        return 'deleted';
      });
    },

    /**
     * Applies a patch in a single UPDATE. The design is merged by the database
     * (`design || patch`), which evaluates it against the row as it is when the row lock is
     * granted: two concurrent patches to different fields or design keys both survive. So are
     * socialLinks (per platform) and customFieldsPatch (per position), decision 0006.
     */
    async updateOwnedSignature(
      id: string,
      writer: Writer,
      patch: SignaturePatch,
      options: {
        /**
         * A full save's version: the row is written only if it is still at it (no row otherwise),
         * and socialLinks given replace the stored map (decision 0006).
         */
        baseVersion?: number;
        /** Written only if no organization's locks may hold the owner; no row otherwise (decision 0164). */
        unlockedOnly?: boolean;
      } = {},
    ): Promise<SignatureRow | undefined> {
      const { design, socialLinks, customFieldsPatch, ...fields } = patch;
      const full = options.baseVersion !== undefined;
      if (customFieldsPatch && customFieldsPatch.length > 0) {
        // Per-position changes make a statement of their own shape each time: built per call.
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
          .returning();
        return row;
      }
      // Everything else (every autosave) runs a prepared statement per shape of patch: the same
      // SQL as above, built and planned once per process instead of on every keystroke's save.
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
      } as const;
      const values: Record<string, unknown> = { id };
      for (const column of columns) values[`set_${column}`] = fields[column as keyof typeof fields];
      if (shape.design) values.design = JSON.stringify(design);
      if (socialLinks)
        values.socialLinks = full ? keptLinks(socialLinks) : JSON.stringify(withNullsForRemoved(socialLinks));
      if ('userId' in writer) values.userId = writer.userId;
      else
        Object.assign(values, {
          token: writer.sessionToken,
          now: writer.now,
          oldest: new Date(writer.now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
        });
      if (full) values.baseVersion = options.baseVersion;
      const [row] = await preparedUpdate(shape).execute(values);
      return row;
    },

    /** The generated HTML is derived from the fields, so saving it is not an edit: no version bump. */
    async saveHtmlSignature(id: string, userId: string, html: string): Promise<SignatureRow | undefined> {
      const [row] = await db.update(signature).set({ htmlSignature: html }).where(isOwnedBy(id, userId)).returning();
      return row;
    },

    /** The status the watermark rule reads: the person's own, or their team's paid plan. */
    async findSubscriptionStatus(userId: string): Promise<string | undefined> {
      return (await findEffectiveSubscriptionStatus(db, userId))?.status;
    },
  };
}
export type SignaturesRepository = ReturnType<typeof createSignaturesRepository>;
