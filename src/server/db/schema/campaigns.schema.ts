import { date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.schema';
import { createdAtNow, timestamptz } from './columns';

/**
 * Campaigns: a banner under the signatures of an audience from a start to an end
 * (docs/decisions/0222-campaigns.md).
 */
export const campaign = pgTable(
  'campaign',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** The banner's public path from the image pipeline (`/objects/…`). */
    imageUrl: text('image_url').notNull(),
    altText: text('alt_text').notNull(),
    linkUrl: text('link_url').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** The zone the admin wrote the start and end in (they are stored as instants). */
    timeZone: text('time_zone').notNull(),
    /** null: everyone; else the ids of the rules whose people see it. */
    audienceRuleIds: jsonb('audience_rule_ids').$type<string[] | null>(),
    /** Else, when set, the Google group addresses (lower-case) whose members see it (decision 0236). */
    audienceGroups: jsonb('audience_groups').$type<string[] | null>(),
    /** The start whose pushes were queued, claimed by one process (decision 0223); null until then. */
    startPushedFor: timestamptz('start_pushed_for'),
    /** The end whose pushes were queued, likewise. */
    endPushedFor: timestamptz('end_pushed_for'),
    createdAt: createdAtNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [index('campaign_org_starts_idx').on(t.organizationId, t.startsAt)],
);

/**
 * A banner's redirect (`/c/<short id>`, decision 0224): one per campaign and rule (`''`: the people no
 * rule matched), so clicks are counted by rule without knowing who clicked.
 */
export const campaignLink = pgTable(
  'campaign_link',
  {
    shortId: text('short_id').primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull().default(''),
    /** The last push that wrote this banner: clicks just after it are a scanner's (decision 0224). */
    pushedAt: timestamptz('pushed_at'),
  },
  (t) => [uniqueIndex('campaign_link_campaign_rule_idx').on(t.campaignId, t.ruleId)],
);

/** Clicks per link per day (UTC): a counter, nothing about who clicked. */
export const campaignClick = pgTable(
  'campaign_click',
  {
    shortId: text('short_id')
      .notNull()
      .references(() => campaignLink.shortId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shortId, t.day] })],
);
