import { z } from 'zod';
import {
  FONT_VALUES,
  IMAGE_LINK_OPTIONS,
  LAYOUTS,
  LOGO_BACKINGS,
  LOGO_HALOS,
  IMAGE_KINDS,
  PHOTO_SHAPES,
  SOCIAL_PLATFORMS,
} from '../signature/signature-schema';
import { PERSON_FIELDS } from '../signature/organization-policy';
import { TEMPLATES } from '../signature/template-info';
import { apiErrorSchema, defineRoute, idParams, isoDateTime } from './contract';

const tags = ['signatures'] as const;

/**
 * A saved signature as the API answers it, field by field with the domain's own value lists, so
 * the client gets a SavedSignature without a cast. Text is described, not re-checked: a row
 * written under an older limit still reads.
 */
export const savedSignatureSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    company: z.string(),
    phone: z.string(),
    mobile: z.string(),
    email: z.string(),
    website: z.string(),
    address: z.string(),
    photoUrl: z.string(),
    imageLinkUrl: z.enum(IMAGE_LINK_OPTIONS),
    customImageUrl: z.string(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()),
    customFields: z.array(z.object({ label: z.string(), value: z.string() })),
    design: z.object({
      template: z.enum(TEMPLATES),
      primaryColor: z.string(),
      secondaryColor: z.string(),
      fontFamily: z.enum(FONT_VALUES),
      layout: z.enum(LAYOUTS),
      animateLogo: z.enum(['true', 'false']),
      photoShape: z.enum(PHOTO_SHAPES),
      logoBacking: z.enum(LOGO_BACKINGS),
      logoHalo: z.enum(LOGO_HALOS),
      imageKind: z.enum(IMAGE_KINDS),
    }),
    htmlSignature: z.string().nullable(),
    label: z.string(),
    sendAsEmail: z.string().nullable(),
    isDefault: z.boolean(),
    version: z.number(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Signature' });

/**
 * A save asked to answer `Prefer: return=minimal` (RFC 7240; the editor's autosave, which reads only
 * the version): the saved signature's id, version and time, not the whole signature
 * (docs/decisions/0245).
 */
export const savedStampSchema = z
  .object({ id: z.string(), version: z.number(), updatedAt: isoDateTime })
  .meta({ id: 'SignatureSaved' });
export type SavedStamp = z.infer<typeof savedStampSchema>;

/** The Prefer header's value that asks a save for the short answer. */
export const RETURN_MINIMAL = 'return=minimal';

/** The organization's locks on the caller (organization-locks.ts). */
export const organizationLocksSchema = z
  .object({
    locked: z.array(z.enum(PERSON_FIELDS)),
    designLocked: z.boolean(),
    values: z.partialRecord(z.enum(PERSON_FIELDS), z.unknown()),
    design: savedSignatureSchema.shape.design,
    // A running campaign's banner, under the signature in the preview and every copy (decision 0222).
    banner: z.object({ html: z.string(), text: z.string() }).nullish(),
  })
  .meta({ id: 'OrganizationLocks' });

/**
 * A signature's fields as sent. The service checks them with signatureFieldsSchema (create, after
 * the organization's defaults fill what was left out) or signaturePatchSchema (update: any subset,
 * or a whole signature with the `version` it was read with), in the words the editor shows.
 */
/** Described here, checked by the service (shared/signature/signature-meta.ts) so refusals keep its words. */
const metaKey = (type: string) => z.unknown().optional().describe(type);

/** Create: the fields, or `copyFrom` another of your signatures; with an optional name (`label`) and "Used for" address. */
const createSignatureBody = z
  .looseObject({
    label: metaKey('string'),
    sendAsEmail: metaKey('string'),
    copyFrom: metaKey('string: a signature id'),
  })
  .describe(
    'Signature fields (see SignatureFields), or copyFrom: the id of one of your signatures; label and sendAsEmail optional (docs/decisions/0120)',
  );

/** Update: also `label`, `sendAsEmail` (null or '' clears it) and `isDefault: true`, which do not change the version. */
const updateSignatureBody = z
  .looseObject({
    label: metaKey('string'),
    sendAsEmail: metaKey('string, or null to clear'),
    isDefault: metaKey('true'),
  })
  .describe(
    'A partial patch or a whole signature with its version (see SignaturePatch); label, sendAsEmail and isDefault rename, set "Used for" or make default',
  );

/** What Gmail receives for a signature: its HTML, its plain text, the HTML's length as handed over and `storedLength`, what Gmail stores of it (which the limit holds on). */
export const generatedHtmlSchema = z.object({
  htmlSignature: z.string(),
  text: z.string(),
  length: z.number(),
  storedLength: z.number(),
});
export type GeneratedHtml = z.infer<typeof generatedHtmlSchema>;

/** One kept earlier version of a signature: when it was saved and enough to tell it from the others. */
export const signatureVersionSchema = z
  .object({
    id: z.string(),
    savedAt: isoDateTime,
    name: z.string(),
    title: z.string(),
    template: z.string(),
  })
  .meta({ id: 'SignatureVersion' });
export type SignatureVersionSummary = z.infer<typeof signatureVersionSchema>;

export const signaturesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/signatures',
    summary: 'Your signatures',
    tags,
    responses: { 200: z.array(savedSignatureSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/signatures',
    summary: "Create a signature; design values left out come from your organization's defaults",
    tags,
    body: createSignatureBody,
    responses: { 201: savedSignatureSchema },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/signatures/:id',
    summary:
      'Save changes (autosave): a partial patch, or a whole signature with the version it was read with (409 with `current` when stale); with `Prefer: return=minimal` the answer is only the id, version and time',
    tags,
    params: idParams,
    body: updateSignatureBody,
    responses: {
      200: z.union([savedSignatureSchema, savedStampSchema]),
      409: apiErrorSchema.extend({
        current: savedSignatureSchema.optional().describe('A stale full save: the signature as stored now'),
      }),
    },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/signatures/:id',
    summary: 'Delete one of your signatures (never the last: 409); answers the ones left, default first',
    tags,
    params: idParams,
    responses: { 200: z.array(savedSignatureSchema) },
  }),
  generateHtml: defineRoute({
    method: 'POST',
    path: '/api/signatures/:id/generate-html',
    summary: 'Render what Gmail receives (with your watermark rule) and keep it on the signature',
    tags,
    params: idParams,
    responses: { 200: generatedHtmlSchema },
  }),
  locks: defineRoute({
    method: 'GET',
    path: '/api/signatures/locks',
    summary:
      'The fields your organization sets for you (read-only in the editor) and their values; a save keeps them (decision 0164)',
    tags,
    responses: { 200: organizationLocksSchema },
  }),
  testEmail: defineRoute({
    method: 'POST',
    path: '/api/signatures/:id/test-email',
    summary: 'Mail the saved signature to your own address',
    tags,
    params: idParams,
    responses: { 200: z.object({ to: z.string(), message: z.string() }) },
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/api/signatures/:id/versions',
    summary:
      'Earlier versions of one of your signatures, newest first: one kept per ten minutes of editing, the last twenty (decision 0188)',
    tags,
    params: idParams,
    responses: { 200: z.array(signatureVersionSchema) },
  }),
  restoreVersion: defineRoute({
    method: 'POST',
    path: '/api/signatures/:id/versions/:versionId/restore',
    summary:
      "Put an earlier version's content back, saved like any change (your organization's locks and the image rules apply); answers the signature",
    tags,
    params: z.object({ id: z.string(), versionId: z.string() }),
    responses: { 200: savedSignatureSchema },
  }),
};
