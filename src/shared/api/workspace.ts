import { z } from 'zod';
import { requiredString } from '../validation/required-string';
import {
  DEFAULT_DESIGN,
  LAYOUTS,
  LOGO_BACKINGS,
  LOGO_HALOS,
  IMAGE_KINDS,
  PHOTO_SHAPES,
  SOCIAL_PLATFORMS,
  designSchema,
  signatureFieldsSchema,
} from '../signature/signature-schema';
import { PERSON_FIELDS, type PersonField } from '../signature/organization-policy';
import { CONNECTION_CHECKS } from '../workspace/google-setup';
import { pushSummarySchema } from './workspace-push';
import { defineRoute, isoDateTime } from './contract';

/**
 * The Google Workspace API: request and answer shapes, one schema for the browser's
 * forms and the server's routes, and the routes themselves (`workspaceApi`, decision 0100).
 */

/** The fields an organization's template may leave to each person: the one policy's list. */
export { PERSON_FIELDS, type PersonField };

export const PERSON_FIELD_LABELS: Record<PersonField, string> = {
  name: 'Full Name',
  title: 'Job Title',
  phone: 'Phone',
  mobile: 'Mobile',
  company: 'Company',
  website: 'Website URL',
  address: 'Address',
  photoUrl: 'Photo or logo',
  socialLinks: 'Social profiles',
};

/** Where a locked field's value comes from. */
export const FIELD_SOURCE: Record<PersonField, 'directory' | 'template'> = {
  name: 'directory',
  title: 'directory',
  phone: 'directory',
  mobile: 'directory',
  company: 'template',
  website: 'template',
  address: 'template',
  photoUrl: 'template',
  socialLinks: 'template',
};

export const DEFAULT_EDITABLE_FIELDS: PersonField[] = ['mobile', 'photoUrl'];

const f = signatureFieldsSchema.shape;

/** The organization's template: the design plus the values every signature shares. */
export const orgTemplateSchema = z.object({
  design: designSchema,
  company: f.company,
  website: f.website,
  address: f.address,
  photoUrl: f.photoUrl,
  socialLinks: f.socialLinks,
});
export type OrgTemplate = z.infer<typeof orgTemplateSchema>;

export const DEFAULT_ORG_TEMPLATE: OrgTemplate = {
  design: DEFAULT_DESIGN,
  company: '',
  website: '',
  address: '',
  photoUrl: '',
  socialLinks: {},
};

export const templateBodySchema = z.object({
  template: orgTemplateSchema,
  editableFields: z.array(z.enum(PERSON_FIELDS, 'Please choose fields from the list')).max(PERSON_FIELDS.length),
});
export type TemplateBody = z.infer<typeof templateBodySchema>;

export const connectBodySchema = z.object({
  keyJson: requiredString('Please paste the service account key (the JSON file Google gave you)').max(
    20_000,
    'That key is far longer than a service account key file. Please paste the JSON file Google gave you.',
  ),
  adminEmail: z
    .string('Please enter the address of a Workspace admin')
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email('Please enter the address of a Workspace admin, like admin@yourcompany.com')
        .max(254, 'Please enter a valid email address'),
    ),
});
export type ConnectBody = z.infer<typeof connectBodySchema>;
/** The operator's service account (decision 0141): only the domain's super-admin address is typed. */
export const operatorConnectBodySchema = connectBodySchema.pick({ adminEmail: true });
export type OperatorConnectBody = z.infer<typeof operatorConnectBodySchema>;

export const pushTargetSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('department'), value: z.string().min(1, 'Please choose a department').max(200) }),
    z.object({ kind: z.literal('orgUnit'), value: z.string().min(1, 'Please choose an organizational unit').max(500) }),
    z.object({
      kind: z.literal('selection'),
      emails: z.array(z.string().max(254)).min(1, 'Please select at least one person').max(5000),
    }),
  ],
  'Please choose who to push to: everyone, a department, an organizational unit or a selection',
);
export type PushTarget = z.infer<typeof pushTargetSchema>;

export const pushBodySchema = z.object({ target: pushTargetSchema, dryRun: z.boolean().default(false) });
export type PushBody = z.infer<typeof pushBodySchema>;

/** A person's own edits: only the fields the template leaves editable are accepted (the server says which are locked). */
export const personEditSchema = z
  .object({
    name: f.name,
    title: f.title,
    phone: f.phone,
    mobile: f.mobile,
    company: f.company,
    website: f.website,
    address: f.address,
    photoUrl: f.photoUrl,
    socialLinks: f.socialLinks,
  })
  .partial()
  .strict();
export type PersonEdit = z.infer<typeof personEditSchema>;

/**
 * 'no seat': left out of a push because the organization's seats are all taken (decision 0137).
 * 'restored': an admin put back what Gmail held before a push (decision 0138).
 */
export const PUSH_STATUSES = ['never', 'pending', 'pushed', 'skipped', 'failed', 'no seat', 'restored'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

export const pushStatusSchema = z.enum(PUSH_STATUSES);
const personFieldSchema = z.enum(PERSON_FIELDS);

/** One Gmail send-as address we write to, with its own status (docs/decisions/0118). */
export const sendAsStatusViewSchema = z.looseObject({
  sendAsEmail: z.string(),
  /** The signature written there (its "Signature name"), or null for the organization's version. */
  label: z.string().nullable(),
  status: z.enum(['pushed', 'failed']),
  pushedAt: isoDateTime.nullable(),
  error: z.string().nullable(),
});
export type SendAsStatusView = z.infer<typeof sendAsStatusViewSchema>;

/* Answers: views are loose so a field added on the server (say, a send-as address) passes through. */

export const workspacePersonViewSchema = z
  .looseObject({
    email: z.string(),
    fullName: z.string(),
    title: z.string().nullable(),
    department: z.string().nullable(),
    orgUnitPath: z.string(),
    hasGmail: z.boolean(),
    /** A SignaturePro account of the organization has this address. */
    linked: z.boolean(),
    pushStatus: pushStatusSchema,
    pushedAt: isoDateTime.nullable(),
    pushError: z.string().nullable(),
    /** Each Gmail send-as address we write to (the primary first), with its own status. */
    addresses: z.array(sendAsStatusViewSchema),
    /** Missing from the directory since then (kept 30 days, restored on return); null while listed. */
    goneAt: isoDateTime.nullable(),
    /** When the latest push that changed their Gmail ran, while what it replaced is kept (Restore previous). */
    restorableFrom: isoDateTime.nullable(),
  })
  .meta({ id: 'WorkspacePerson' });
export type WorkspacePersonView = z.infer<typeof workspacePersonViewSchema>;

export const workspaceConnectionViewSchema = z
  .looseObject({
    clientId: z.string(),
    clientEmail: z.string(),
    adminEmail: z.string(),
    testMode: z.boolean(),
    /** Served by the operator's service account (decision 0141). */
    operatorKey: z.boolean(),
    /** Also write the organization signature to every accepted alias (decision 0142). */
    writeAliases: z.boolean(),
    connectedAt: isoDateTime,
    lastSyncAt: isoDateTime.nullable(),
    lastSyncResult: z.string().nullable(),
    lastSyncOk: z.boolean().nullable(),
    /** A sync stopped: these people would be removed; an admin confirms before they are. */
    pendingRemoval: z.array(z.looseObject({ email: z.string(), fullName: z.string() })).nullable(),
    /** A systemic failure stopped every push and sync until "Check connection" passes: when, and why. */
    stoppedAt: isoDateTime.nullable(),
    stoppedReason: z.string().nullable(),
  })
  .meta({ id: 'WorkspaceConnection' });
export type WorkspaceConnectionView = z.infer<typeof workspaceConnectionViewSchema>;

export const auditEntrySchema = z
  .looseObject({
    at: isoDateTime,
    personEmail: z.string(),
    /** The send-as address written to; null for a whole-person result (no Gmail, not Pro). */
    sendAsEmail: z.string().nullable(),
    actor: z.string(),
    result: z.enum(['pushed', 'unchanged', 'skipped', 'failed', 'restored']),
    detail: z.string().nullable(),
    htmlChars: z.number().nullable(),
  })
  .meta({ id: 'WorkspaceAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The template as the API answers it: described, not re-checked (the form's schema trims and
 * normalises, which an answer cannot be encoded through). The stored template was read through
 * orgTemplateSchema, so its values are those of OrgTemplate.
 */
export const orgTemplateViewSchema = z
  .looseObject({
    design: z.looseObject({
      template: designSchema.shape.template,
      primaryColor: z.string(),
      secondaryColor: z.string(),
      fontFamily: designSchema.shape.fontFamily,
      layout: z.enum(LAYOUTS),
      animateLogo: z.enum(['true', 'false']),
      photoShape: z.enum(PHOTO_SHAPES),
      logoBacking: z.enum(LOGO_BACKINGS),
      logoHalo: z.enum(LOGO_HALOS),
      imageKind: z.enum(IMAGE_KINDS),
    }),
    company: z.string(),
    website: z.string(),
    address: z.string(),
    photoUrl: z.string(),
    socialLinks: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()),
  })
  .meta({ id: 'WorkspaceTemplate' });

export const workspaceTemplateViewSchema = z.looseObject({
  template: orgTemplateViewSchema,
  editableFields: z.array(personFieldSchema),
});

export const workspaceOverviewSchema = z
  .looseObject({
    /** The scopes to authorise in the Admin console, exactly. */
    scopes: z.array(z.string()),
    /** The server runs the TEST MODE Workspace (GOOGLE_MODE=test, or a loopback PUBLIC_URL; decision 0140). */
    testModeAvailable: z.boolean(),
    /** The operator's service account serves every organization (GOOGLE_SERVICE_ACCOUNT_KEY; decision 0141): what to authorise. */
    operatorKey: z.looseObject({ clientId: z.string(), clientEmail: z.string() }).nullable(),
    connection: workspaceConnectionViewSchema.nullable(),
    template: workspaceTemplateViewSchema,
    people: z.array(workspacePersonViewSchema),
    audit: z.array(auditEntrySchema),
    queue: z.looseObject({ pending: z.number() }),
    /** The latest push: its summary line and "Restore previous" for all of it (decision 0138). */
    lastPush: pushSummarySchema.nullable(),
    /** A "Restore previous" made since that push: its own summary line. */
    lastRestore: pushSummarySchema.nullable(),
    /** The pushes still kept (decision 0138), newest first: each can be restored as a whole. */
    recentPushes: z.array(pushSummarySchema),
  })
  .meta({ id: 'WorkspaceOverview' });
export type WorkspaceOverview = z.infer<typeof workspaceOverviewSchema>;

export const dryRunEntrySchema = z
  .looseObject({
    email: z.string(),
    fullName: z.string(),
    /** One entry per (person, send-as address): the primary, and each alias a signature is "Used for". */
    sendAsEmail: z.string(),
    /** The signature's name, or null for the organization's version. */
    label: z.string().nullable(),
    html: z.string(),
    /** Its length as Gmail stores it (gmail-size.ts), which the limit holds on. */
    chars: z.number(),
    hasGmail: z.boolean(),
    tooLong: z.boolean(),
    /** What this address holds in Gmail now (read from Google for the dry run); null when it could not be read. */
    current: z.string().nullable(),
    /** Why `current` is null, in words ("no Gmail", "Gmail does not list this address", Google's answer). */
    currentNote: z.string().nullable(),
  })
  .meta({ id: 'WorkspaceDryRunEntry' });
export type DryRunEntry = z.infer<typeof dryRunEntrySchema>;

export const mySignatureViewSchema = z
  .looseObject({
    connected: z.boolean(),
    person: z
      .looseObject({
        email: z.string(),
        values: z.partialRecord(personFieldSchema, z.unknown()),
        /** Why each locked field is locked, in words; editable fields are absent. */
        locked: z.partialRecord(personFieldSchema, z.string()),
        editable: z.array(personFieldSchema),
        html: z.string(),
        /** Its length as Gmail stores it (gmail-size.ts). */
        chars: z.number(),
        pushStatus: pushStatusSchema,
        pushedAt: isoDateTime.nullable(),
        pushError: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'WorkspaceMySignature' });
export type MySignatureView = z.infer<typeof mySignatureViewSchema>;

export const workspaceConnectedSchema = z.looseObject({
  connected: z.literal(true),
  clientId: z.string(),
  clientEmail: z.string(),
  adminEmail: z.string(),
});
/** One line of "Check connection" (shared/workspace/google-setup.ts names them, in order). */
export const connectionCheckLineSchema = z.looseObject({
  id: z.enum(CONNECTION_CHECKS.map((c) => c.id)),
  label: z.string(),
  state: z.enum(['pass', 'fail', 'skipped']),
  detail: z.string(),
  link: z.looseObject({ href: z.string(), text: z.string() }).optional(),
});
export type ConnectionCheckLine = z.infer<typeof connectionCheckLineSchema>;
export const connectionCheckSchema = z.looseObject({
  ok: z.boolean(),
  message: z.string(),
  checks: z.array(connectionCheckLineSchema),
});
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;
export const syncRequestedSchema = z.looseObject({ queued: z.boolean(), message: z.string() });
/** The people an admin agreed may be removed (exactly those the stopped sync listed). */
export const confirmRemovalBodySchema = z.object({ emails: z.array(z.string().email()).min(1).max(100_000) });
export type ConfirmRemovalBody = z.infer<typeof confirmRemovalBodySchema>;
export const templateSavedSchema = z.looseObject({ saved: z.boolean(), repushQueued: z.number() });
export const pushAnswerSchema = z.discriminatedUnion('dryRun', [
  z.looseObject({ dryRun: z.literal(true), people: z.array(dryRunEntrySchema) }),
  z.looseObject({
    dryRun: z.literal(false),
    /** The push (its summary: GET /api/workspace/pushes/:id). */
    pushId: z.string(),
    queued: z.number(),
    /** People left out for want of seats, the seats to add to cover them, and the words saying so. */
    noSeat: z.number().optional(),
    seatsToAdd: z.number().optional(),
    message: z.string().optional(),
  }),
]);
export type PushAnswer = z.infer<typeof pushAnswerSchema>;
export const installAnswerSchema = z.looseObject({ result: z.string(), status: z.string(), message: z.string() });

const tags = ['workspace'] as const;

/** The 12 Workspace endpoints (owners and admins of a Pro organization; /me is each person's own). */
export const workspaceApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/workspace',
    summary: "The organization's Google Workspace: connection, template, people, recent pushes",
    tags,
    responses: { 200: workspaceOverviewSchema },
  }),
  connect: defineRoute({
    method: 'POST',
    path: '/api/workspace/connection',
    summary: 'Connect Google Workspace with a service account key (checked against Google, kept encrypted)',
    tags,
    body: connectBodySchema,
    responses: { 200: workspaceConnectedSchema },
  }),
  connectOperator: defineRoute({
    method: 'POST',
    path: '/api/workspace/connection/operator',
    summary:
      "Connect Google Workspace with the server's own service account (GOOGLE_SERVICE_ACCOUNT_KEY): a verified super admin of the domain only",
    tags,
    body: operatorConnectBodySchema,
    responses: { 200: workspaceConnectedSchema },
  }),
  connectTestMode: defineRoute({
    method: 'POST',
    path: '/api/workspace/connection/test-mode',
    summary: 'Connect the embedded TEST MODE Workspace (only when the server runs TEST MODE)',
    tags,
    responses: { 200: workspaceConnectedSchema },
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/workspace/connection/check',
    summary: 'Check the connection: the key, both scopes and the admin',
    tags,
    responses: { 200: connectionCheckSchema },
  }),
  disconnect: defineRoute({
    method: 'DELETE',
    path: '/api/workspace/connection',
    summary: 'Disconnect Google Workspace (the key is deleted)',
    tags,
    responses: { 200: z.looseObject({ connected: z.literal(false) }) },
  }),
  sync: defineRoute({
    method: 'POST',
    path: '/api/workspace/sync',
    summary: 'Read the directory again (queued: 202)',
    tags,
    responses: { 202: syncRequestedSchema },
  }),
  confirmRemoval: defineRoute({
    method: 'POST',
    path: '/api/workspace/sync/confirm',
    summary: 'Confirm the removal a stopped sync asked about, and sync again (queued: 202)',
    tags,
    body: confirmRemovalBodySchema,
    responses: { 202: syncRequestedSchema },
  }),
  saveTemplate: defineRoute({
    method: 'PUT',
    path: '/api/workspace/template',
    summary: "Save the organization's template and the fields each person may edit; pushed signatures are pushed again",
    tags,
    body: templateBodySchema,
    responses: { 200: templateSavedSchema },
  }),
  push: defineRoute({
    method: 'POST',
    path: '/api/workspace/push',
    summary:
      'Push signatures to Gmail for everyone, a department, an organizational unit or a selection (dryRun: preview only)',
    tags,
    body: pushBodySchema,
    responses: { 200: pushAnswerSchema },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/workspace/me',
    summary: 'Your own Workspace signature: values, locked fields and why, push status',
    tags,
    responses: { 200: mySignatureViewSchema },
  }),
  editMine: defineRoute({
    method: 'PUT',
    path: '/api/workspace/me',
    summary: 'Edit the fields of your Workspace signature the template leaves editable',
    tags,
    body: personEditSchema,
    responses: { 200: mySignatureViewSchema },
  }),
  installMine: defineRoute({
    method: 'POST',
    path: '/api/workspace/me/install',
    summary: 'Install in Gmail: push your own Workspace signature now',
    tags,
    responses: { 200: installAnswerSchema },
  }),
};
