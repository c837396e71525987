import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaign } from '../../db/schema/campaigns.schema';
import { organization } from '../../db/schema/auth.schema';

export type CampaignRow = typeof campaign.$inferSelect;
export type CampaignValues = Pick<
  CampaignRow,
  'imageUrl' | 'altText' | 'linkUrl' | 'startsAt' | 'endsAt' | 'timeZone' | 'audienceRuleIds' | 'audienceGroups'
>;
export type Edge = 'start' | 'end';

/** Queries only (routes → service → repository); every one is scoped to one organization. */
export function createCampaignsRepository(db: Db) {
  const c = campaign;
  return {
    async list(organizationId: string): Promise<CampaignRow[]> {
      return db.select().from(c).where(eq(c.organizationId, organizationId)).orderBy(asc(c.startsAt), asc(c.createdAt));
    },
    /** The campaigns not yet ended at `now`: the ones a person may see now or later. */
    async listLive(organizationId: string, now: Date): Promise<CampaignRow[]> {
      return db
        .select()
        .from(c)
        .where(and(eq(c.organizationId, organizationId), gt(c.endsAt, now)));
    },
    async find(organizationId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .select()
        .from(c)
        .where(and(eq(c.organizationId, organizationId), eq(c.id, id)));
      return row;
    },
    async insert(organizationId: string, values: CampaignValues, userId: string): Promise<CampaignRow> {
      const [row] = await db
        .insert(c)
        .values({ organizationId, ...values, updatedBy: userId })
        .returning();
      return row!;
    },
    /**
     * `passed`: the edges already behind `now`, marked claimed in the same statement, so their jobs
     * push nothing: the change's own push covers them (decision 0223).
     */
    async update(organizationId: string, id: string, values: CampaignValues, userId: string, now: Date) {
      const passed = {
        ...(values.startsAt <= now ? { startPushedFor: values.startsAt } : {}),
        ...(values.endsAt <= now ? { endPushedFor: values.endsAt } : {}),
      };
      const [row] = await db
        .update(c)
        .set({ ...values, ...passed, updatedBy: userId, updatedAt: new Date() })
        .where(and(eq(c.organizationId, organizationId), eq(c.id, id)))
        .returning();
      return row;
    },
    /** Ends a running campaign at `at`, its end claimed at once: the caller's push takes the banner out. */
    async endNow(organizationId: string, id: string, at: Date, userId: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .update(c)
        .set({ endsAt: at, endPushedFor: at, updatedBy: userId, updatedAt: new Date() })
        .where(and(eq(c.organizationId, organizationId), eq(c.id, id), lte(c.startsAt, at), gt(c.endsAt, at)))
        .returning();
      return row;
    },
    async remove(organizationId: string, id: string): Promise<CampaignRow | undefined> {
      const [row] = await db
        .delete(c)
        .where(and(eq(c.organizationId, organizationId), eq(c.id, id)))
        .returning();
      return row;
    },
    /**
     * Claims one edge of a campaign, at the instant it is still set to: true for exactly one caller
     * however many processes run the edge's job (decision 0223). A campaign whose dates changed since
     * the job was queued is not claimed (the new dates have jobs of their own).
     */
    async claimEdge(id: string, edge: Edge, at: Date): Promise<CampaignRow | undefined> {
      const [when, mark] = edge === 'start' ? [c.startsAt, c.startPushedFor] : [c.endsAt, c.endPushedFor];
      const [row] = await db
        .update(c)
        .set(edge === 'start' ? { startPushedFor: at } : { endPushedFor: at })
        .where(and(eq(c.id, id), eq(when, at), or(isNull(mark), ne(mark, at))))
        .returning();
      return row;
    },
    /** Undoes a claim whose pushes could not be queued, so the edge's retry claims it again. */
    async releaseEdge(id: string, edge: Edge, at: Date): Promise<void> {
      const mark = edge === 'start' ? c.startPushedFor : c.endPushedFor;
      await db
        .update(c)
        .set(edge === 'start' ? { startPushedFor: null } : { endPushedFor: null })
        .where(and(eq(c.id, id), eq(mark, at)));
    },
    async findOrganization(organizationId: string) {
      const [row] = await db
        .select({ plan: organization.plan, trialEndsAt: organization.trialEndsAt })
        .from(organization)
        .where(eq(organization.id, organizationId));
      return row;
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
