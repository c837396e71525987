import { z } from 'zod';
import { DEFAULT_DESIGN, designSchema, signatureFieldsSchema } from '../signature/signature-schema';

/**
 * The Google Workspace API (issue 14): request and answer shapes, one schema for the browser's
 * forms and the server's routes (fastify-type-provider-zod in modules/workspace).
 */

/** The fields an organization's template may leave to each person; every other one is locked. */
export const PERSON_FIELDS = [
  'name',
  'title',
  'phone',
  'mobile',
  'company',
  'website',
  'address',
  'photoUrl',
  'socialLinks',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

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
  keyJson: z
    .string('Please paste the service account key (the JSON file Google gave you)')
    .trim()
    .min(1, 'Please paste the service account key (the JSON file Google gave you)')
    .max(20_000, 'That key is far longer than a service account key file. Please paste the JSON file Google gave you.'),
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

export const PUSH_STATUSES = ['never', 'pending', 'pushed', 'skipped', 'failed'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

export type WorkspacePersonView = {
  email: string;
  fullName: string;
  title: string | null;
  department: string | null;
  orgUnitPath: string;
  hasGmail: boolean;
  linked: boolean;
  pushStatus: PushStatus;
  pushedAt: string | null;
  pushError: string | null;
};

export type WorkspaceConnectionView = {
  clientId: string;
  clientEmail: string;
  adminEmail: string;
  testMode: boolean;
  connectedAt: string;
  lastSyncAt: string | null;
  lastSyncResult: string | null;
  lastSyncOk: boolean | null;
};

export type AuditEntry = {
  at: string;
  personEmail: string;
  actor: string;
  result: 'pushed' | 'unchanged' | 'skipped' | 'failed';
  detail: string | null;
  htmlChars: number | null;
};

export type WorkspaceOverview = {
  /** The scopes to authorise in the Admin console, exactly. */
  scopes: string[];
  /** The embedded TEST MODE Workspace can be used (no Google setting is set). */
  testModeAvailable: boolean;
  connection: WorkspaceConnectionView | null;
  template: { template: OrgTemplate; editableFields: PersonField[] };
  people: WorkspacePersonView[];
  audit: AuditEntry[];
  queue: { pending: number };
};

export type DryRunEntry = {
  email: string;
  fullName: string;
  html: string;
  chars: number;
  hasGmail: boolean;
  tooLong: boolean;
};

export type MySignatureView = {
  connected: boolean;
  person: {
    email: string;
    values: Record<PersonField, unknown>;
    /** Why each locked field is locked, in words; editable fields are absent. */
    locked: Partial<Record<PersonField, string>>;
    editable: PersonField[];
    html: string;
    chars: number;
    pushStatus: PushStatus;
    pushedAt: string | null;
    pushError: string | null;
  } | null;
};
