import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitation, member, organization, session, user } from '../../db/schema/auth.schema';
import { billingPayment, billingSubscription } from '../../db/schema/billing.schema';
import { analyticsEvent, signature, upload } from '../../db/schema/signatures.schema';

/** Reads for the data exports: everything that is one person's, or one organization's. */
export function createDataExportRepository(db: Db) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
      return row;
    },
    async memberships(userId: string) {
      return db
        .select({
          organizationId: member.organizationId,
          name: organization.name,
          role: member.role,
          joinedAt: member.createdAt,
        })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt));
    },
    async sessions(userId: string) {
      // Never the token: a session's secret is not the person's data, it is a key to it.
      return db
        .select({
          createdAt: session.createdAt,
          lastActiveAt: session.updatedAt,
          expiresAt: session.expiresAt,
          userAgent: session.userAgent,
          ipAddress: session.ipAddress,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(asc(session.createdAt));
    },
    async signaturesOf(userId: string) {
      return db
        .select()
        .from(signature)
        .where(eq(signature.userId, userId))
        .orderBy(desc(signature.isDefault), asc(signature.createdAt), asc(signature.id));
    },
    async uploadsOf(userId: string) {
      return db
        .select({
          id: upload.id,
          objectKey: upload.objectKey,
          contentType: upload.contentType,
          width: upload.width,
          height: upload.height,
          bytes: upload.bytes,
          createdAt: upload.createdAt,
        })
        .from(upload)
        .where(and(eq(upload.userId, userId), eq(upload.status, 'stored')))
        .orderBy(asc(upload.createdAt));
    },
    async activityOf(userId: string) {
      return db
        .select({
          name: analyticsEvent.name,
          properties: analyticsEvent.properties,
          createdAt: analyticsEvent.createdAt,
        })
        .from(analyticsEvent)
        .where(eq(analyticsEvent.userId, userId))
        .orderBy(asc(analyticsEvent.createdAt));
    },
    async invitationsSentBy(userId: string) {
      return db
        .select({
          email: invitation.email,
          role: invitation.role,
          status: invitation.status,
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
        })
        .from(invitation)
        .where(eq(invitation.inviterId, userId))
        .orderBy(asc(invitation.createdAt));
    },
    async subscriptionsOf(userId: string) {
      return db
        .select({
          provider: billingSubscription.provider,
          plan: billingSubscription.plan,
          billingPeriod: billingSubscription.billingPeriod,
          seats: billingSubscription.seats,
          status: billingSubscription.providerStatus,
          trialEndsAt: billingSubscription.trialEndsAt,
          currentPeriodEnd: billingSubscription.currentPeriodEnd,
          cancelAtPeriodEnd: billingSubscription.cancelAtPeriodEnd,
          canceledAt: billingSubscription.canceledAt,
          createdAt: billingSubscription.createdAt,
        })
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId))
        .orderBy(asc(billingSubscription.createdAt));
    },
    async paymentsOf(userId: string) {
      return db
        .select({
          kind: billingPayment.kind,
          plan: billingPayment.plan,
          amount: billingPayment.amount,
          currency: billingPayment.currency,
          status: billingPayment.status,
          description: billingPayment.description,
          invoiceUrl: billingPayment.invoiceUrl,
          createdAt: billingPayment.createdAt,
        })
        .from(billingPayment)
        .where(eq(billingPayment.userId, userId))
        .orderBy(asc(billingPayment.createdAt));
    },
    async organization(organizationId: string) {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId)).limit(1);
      return row;
    },
    async membersOf(organizationId: string) {
      return db
        .select({ userId: user.id, name: user.name, email: user.email, role: member.role, joinedAt: member.createdAt })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(member.createdAt));
    },
    async invitationsOf(organizationId: string) {
      return db
        .select({
          email: invitation.email,
          role: invitation.role,
          status: invitation.status,
          invitedBy: user.email,
          createdAt: invitation.createdAt,
          expiresAt: invitation.expiresAt,
        })
        .from(invitation)
        .innerJoin(user, eq(user.id, invitation.inviterId))
        .where(eq(invitation.organizationId, organizationId))
        .orderBy(asc(invitation.createdAt));
    },
    async signaturesOfOrganization(organizationId: string) {
      return db
        .select({ signature, ownerEmail: user.email })
        .from(signature)
        .innerJoin(member, and(eq(member.userId, signature.userId), eq(member.organizationId, organizationId)))
        .innerJoin(user, eq(user.id, signature.userId))
        .orderBy(asc(signature.createdAt), asc(signature.id));
    },
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
