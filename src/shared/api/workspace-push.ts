import { z } from 'zod';
import { defineRoute, isoDateTime } from './contract';

/**
 * A push as one thing (decision 0138): its summary line's numbers, and "Restore previous" for one
 * person or for the whole push. Routes and client share these schemas (decision 0100).
 */

export const pushSummarySchema = z
  .looseObject({
    id: z.string(),
    kind: z.enum(['push', 'restore']),
    /** Whom it covered, in the push screen's words ("Everyone", "/Sales"). */
    target: z.string(),
    actor: z.string(),
    at: isoDateTime,
    total: z.number(),
    pushed: z.number(),
    /** Gmail already held the new signature: nothing was sent (counted as pushed in the line). */
    unchanged: z.number(),
    restored: z.number(),
    skipped: z.number(),
    failed: z.number(),
    /** People whose job has not run yet. */
    pending: z.number(),
    /** People of this push whose previous signature is kept and not yet put back. */
    restorable: z.number(),
  })
  .meta({ id: 'WorkspacePushSummary' });
export type PushSummary = z.infer<typeof pushSummarySchema>;

export const restoreQueuedSchema = z.looseObject({ runId: z.string(), queued: z.number(), message: z.string() });
export type RestoreQueued = z.infer<typeof restoreQueuedSchema>;

export const restorePersonBodySchema = z.object({
  email: z.string('Please choose a person').trim().toLowerCase().max(254).min(1, 'Please choose a person'),
});
export type RestorePersonBody = z.infer<typeof restorePersonBodySchema>;

/** "Also write the organization signature to every accepted alias" (decision 0142). */
export const aliasesBodySchema = z.object({ writeAliases: z.boolean('Please choose on or off') });
export type AliasesBody = z.infer<typeof aliasesBodySchema>;
export const aliasesSavedSchema = z.looseObject({ writeAliases: z.boolean(), repushQueued: z.number() });

const pushParams = z.object({ id: z.uuid('That push does not exist (or is no longer kept).') });
const tags = ['workspace'] as const;

export const workspacePushApi = {
  summary: defineRoute({
    method: 'GET',
    path: '/api/workspace/pushes/:id',
    summary: 'A push or restore of the organization: how many people were pushed, skipped, failed, still to go',
    tags,
    params: pushParams,
    responses: { 200: pushSummarySchema },
  }),
  restorePush: defineRoute({
    method: 'POST',
    path: '/api/workspace/pushes/:id/restore',
    summary: 'Restore previous: put back, for everyone the push changed, what their Gmail held before it (queued)',
    tags,
    params: pushParams,
    responses: { 202: restoreQueuedSchema },
  }),
  setAliases: defineRoute({
    method: 'PUT',
    path: '/api/workspace/aliases',
    summary:
      'Also write the organization signature to every accepted alias (on or off); people already pushed are pushed again',
    tags,
    body: aliasesBodySchema,
    responses: { 200: aliasesSavedSchema },
  }),
  restorePerson: defineRoute({
    method: 'POST',
    path: '/api/workspace/people/restore',
    summary: 'Restore previous for one person: what their Gmail held before the latest push that changed it (queued)',
    tags,
    body: restorePersonBodySchema,
    responses: { 202: restoreQueuedSchema },
  }),
};
