import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.schema';
import type { CustomField, Design, SocialLinks } from '../../../shared/signature/signature-schema';
import { timestamptz, createdAtNow, ownerUserId } from './columns';

export const signature = pgTable(
  'signature',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'set null' }),
    /** What the person calls this signature ("My signature", "Sales alias", "Deutsch"); not rendered. */
    label: text('label').notNull().default('My signature'),
    /** The Gmail send-as address this signature is for, lower-cased; at most one signature per address and person. */
    sendAsEmail: text('send_as_email'),
    /** The person's default signature: exactly one per person, listed first (docs/decisions/0120). */
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull().default(''),
    title: text('title').notNull().default(''),
    company: text('company').notNull().default(''),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    address: text('address').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    imageLinkUrl: text('image_link_url').notNull().default('none'),
    customImageUrl: text('custom_image_url').notNull().default(''),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    customFields: jsonb('custom_fields').$type<CustomField[]>().notNull().default([]),
    design: jsonb('design').$type<Design>().notNull(),
    htmlSignature: text('html_signature'),
    /** Bumped on every write; lets a client tell its own echo from someone else's change. */
    version: integer('version').notNull().default(1),
    createdAt: createdAtNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('signature_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('signature_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('signature_send_as_per_user').on(t.userId, t.sendAsEmail),
  ],
);

/** What a saved version keeps: the signature's own fields and design, as the API names them. */
export type SignatureVersionContent = {
  name: string;
  title: string;
  company: string;
  phone: string;
  mobile: string;
  email: string;
  website: string;
  address: string;
  photoUrl: string;
  imageLinkUrl: string;
  customImageUrl: string;
  socialLinks: SocialLinks;
  customFields: CustomField[];
  design: Partial<Design>;
};

/**
 * An earlier state of a signature, kept by a trigger on every content-changing UPDATE at most once
 * per ten minutes, newest twenty per signature (docs/decisions/0188-signature-versions-by-trigger.md).
 * The autosave stays one statement; the trigger, not the service, writes here.
 */
export const signatureVersion = pgTable(
  'signature_version',
  {
    id: text('id').primaryKey(),
    signatureId: text('signature_id')
      .notNull()
      .references(() => signature.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    content: jsonb('content').$type<SignatureVersionContent>().notNull(),
    /** When this content was saved (the signature's updated_at then). */
    savedAt: timestamptz('saved_at').notNull(),
    /** When it was replaced and kept: the ten-minute spacing counts from here. */
    createdAt: createdAtNow(),
  },
  (t) => [index('signature_version_signature_idx').on(t.signatureId, t.createdAt)],
);

/** An image the user uploaded: first a pending slot, then a stored, re-encoded file. */
export const upload = pgTable(
  'upload',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    /** pending (slot issued), received (raw bytes stored), stored (re-encoded and public) */
    status: text('status').notNull().default('pending'),
    /** Storage key of the raw upload, then of the public file. */
    rawKey: text('raw_key'),
    objectKey: text('object_key'),
    contentType: text('content_type'),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes'),
    createdAt: createdAtNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('upload_user_idx').on(t.userId)],
);

/** First-party analytics: the spec's named events, nothing sent to third parties. */
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtNow(),
  },
  (t) => [index('analytics_event_name_idx').on(t.name, t.createdAt)],
);
