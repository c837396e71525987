import { z } from 'zod';
import { requiredString } from '../validation/required-string';
import { isTimeZone, LOCAL_DATE_TIME, zonedTimeToUtc } from '../campaigns/campaign-schedule';
import { defineRoute, idParams, isoDateTime, okSchema, uuidParams } from './contract';

const campaignIdParams = uuidParams('No campaign has that address. Open it from the Campaigns list.');

/**
 * Campaigns: a banner under the signatures of an audience for set dates (docs/decisions/0222-campaigns.md).
 * One schema for the admin's form and the server's routes, and the routes (`campaignsApi`).
 */

const localDateTime = (words: string) => z.string(words).trim().regex(LOCAL_DATE_TIME, words);

export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({
      kind: z.literal('rules'),
      ruleIds: z
        .array(z.string().trim().min(1).max(64))
        .min(1, 'Please choose at least one rule, or everyone')
        .max(100, 'Please keep to 100 rules'),
    }),
    z.object({
      kind: z.literal('groups'),
      groups: z
        .array(
          z
            .string()
            .trim()
            .toLowerCase()
            .pipe(z.email('Please enter Google group addresses, like webinar@yourcompany.com')),
        )
        .min(1, 'Please enter at least one Google group address')
        .max(50, 'Please keep to 50 groups'),
    }),
  ],
  'Please choose who sees the banner',
);
export type Audience = z.infer<typeof audienceSchema>;

const webLink = requiredString('Please enter the banner link').refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'Please enter the banner link as a web address, like https://example.com/webinar');

/** "Banner image", "Alt text", "Banner link", "Starts", "Ends" (with the time zone they are read in), "Audience". */
export const campaignBodySchema = z
  .object({
    imageUrl: requiredString('Please upload a banner image').max(2000, 'That image link is too long.'),
    altText: requiredString('Please describe the banner in a few words (its alt text)').max(
      200,
      'Please keep the alt text under 200 characters',
    ),
    linkUrl: webLink.pipe(z.string().max(2000, 'Please keep the banner link under 2,000 characters')),
    startsAt: localDateTime('Please enter when the campaign starts'),
    endsAt: localDateTime('Please enter when the campaign ends'),
    timeZone: requiredString('Please choose a time zone').refine(isTimeZone, 'Please choose a time zone from the list'),
    audience: audienceSchema,
  })
  .superRefine((body, ctx) => {
    const starts = zonedTimeToUtc(body.startsAt, body.timeZone);
    const ends = zonedTimeToUtc(body.endsAt, body.timeZone);
    if (!starts) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Please enter a real date and time' });
    if (!ends) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Please enter a real date and time' });
    if (starts && ends && ends.getTime() <= starts.getTime())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The campaign must end after it starts' });
  });
export type CampaignBody = z.input<typeof campaignBodySchema>;

/* Answers */

export const campaignViewSchema = z
  .looseObject({
    id: z.string(),
    imageUrl: z.string(),
    altText: z.string(),
    linkUrl: z.string(),
    /** As typed, in `timeZone`. */
    startsAt: z.string(),
    endsAt: z.string(),
    timeZone: z.string(),
    startsAtUtc: isoDateTime,
    endsAtUtc: isoDateTime,
    audience: audienceSchema,
    /** The audience in words: "Everyone", or the rules' names. */
    audienceWords: z.string(),
    status: z.enum(['scheduled', 'running', 'ended']),
    /** The banner's markup as it goes under a signature. */
    bannerHtml: z.string(),
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Campaign' });
export type CampaignView = z.infer<typeof campaignViewSchema>;

export const campaignsOverviewSchema = z
  .looseObject({
    campaigns: z.array(campaignViewSchema),
    /** The rules an audience may name, in their order. */
    rules: z.array(z.looseObject({ id: z.string(), name: z.string() })),
    /** The rule for overlapping campaigns, in words. */
    overlapRule: z.string(),
    /** Google groups can be an audience only once Google Workspace is connected (decision 0236). */
    workspaceConnected: z.boolean(),
  })
  .meta({ id: 'Campaigns' });
export type CampaignsOverview = z.infer<typeof campaignsOverviewSchema>;

/** A campaign's clicks through its banner's redirect: per day (UTC), in all, and by rule. */
export const campaignClicksSchema = z
  .looseObject({
    campaignId: z.string(),
    total: z.number(),
    days: z.array(z.looseObject({ day: z.string().describe('YYYY-MM-DD, UTC'), clicks: z.number() })),
    byRule: z.array(z.looseObject({ ruleId: z.string().nullable(), name: z.string(), clicks: z.number() })),
  })
  .meta({ id: 'CampaignClicks' });
export type CampaignClicks = z.infer<typeof campaignClicksSchema>;

const tags = ['campaigns'] as const;

/** Owners and admins of an organization whose plan has campaigns (Pro, and the trial). */
export const campaignsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/campaigns',
    summary: "The organization's campaigns (scheduled, running, ended) and the rules an audience may name",
    tags,
    responses: { 200: campaignsOverviewSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/campaigns',
    summary:
      'Schedule a campaign: a banner under the signatures of its audience from its start to its end; refused when it would take anyone over the size limit',
    tags,
    body: campaignBodySchema,
    responses: { 201: campaignViewSchema },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/campaigns/:id',
    summary: 'Change a campaign; the signatures already in Gmail follow at once when it is running',
    tags,
    params: campaignIdParams,
    body: campaignBodySchema,
    responses: { 200: campaignViewSchema },
  }),
  end: defineRoute({
    method: 'POST',
    path: '/api/campaigns/:id/end',
    summary: 'End a running campaign now: its banner is taken out of Gmail at once, and its clicks are kept',
    tags,
    params: campaignIdParams,
    responses: { 200: campaignViewSchema },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/campaigns/:id',
    summary: "Delete a campaign; a running one's banner is taken out of Gmail",
    tags,
    params: campaignIdParams,
    responses: { 200: okSchema },
  }),
  clicks: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/clicks',
    summary: "The campaign's clicks through its banner: per day (UTC), in all, and by rule",
    tags,
    params: campaignIdParams,
    responses: { 200: campaignClicksSchema },
  }),
  clicksCsv: defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/clicks.csv',
    summary: "The campaign's clicks as CSV: day, rule, clicks",
    tags,
    params: campaignIdParams,
    produces: 'text/csv',
    responses: { 200: z.string() },
  }),
  redirect: defineRoute({
    method: 'GET',
    path: '/c/:id',
    summary:
      "A banner's link: sends the person on at once (302) and counts one click for its campaign and day; stores no address, sets no cookie, skips mail scanners",
    tags,
    params: idParams,
    responses: { 302: z.undefined().describe('Location: the banner link') },
  }),
};
