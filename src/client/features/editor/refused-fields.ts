import {
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_INFO,
  signaturePatchSchema,
  TEXT_FIELD_LABELS,
  type SignaturePatch,
  type SocialPlatform,
} from '../../../shared/signature/signature-schema';
import { ApiError } from '../../lib/api';

/**
 * A refused field is a validation state, not a failed save (decision 0180): the field is held
 * back, everything else is saved, and the held value goes out again as soon as the person changes
 * that field. A field is named by its key in a patch, one level deeper for the two maps the
 * server merges entry by entry: 'title', 'socialLinks.instagram', 'design.primaryColor';
 * 'customFields' stands for the whole list (and its per-row changes).
 */
export type FieldKey = string;
/** Why each held field was refused, in the server's (or the shared schema's) words. */
export type Refusals = Readonly<Record<FieldKey, string>>;

/** Every field of a batch, when a refusal names none of them: the whole batch is held. */
export const WHOLE_BATCH = '*';

/** A save refused because of what some fields hold; `problems` names them. */
export class FieldsRefused extends Error {
  constructor(readonly problems: Refusals) {
    super(Object.values(problems)[0] ?? 'Please check the form.');
  }
}

const MAPS = new Set(['socialLinks', 'design']);

/** The field an error path points at ('customFieldsPatch.0.value.label' → 'customFields'); null for none. */
export function fieldKeyOf(path: string): FieldKey | null {
  const [first, second] = path.split('.');
  if (!first) return null;
  if (first === 'customFields' || first === 'customFieldsPatch') return 'customFields';
  if (MAPS.has(first)) return second ? `${first}.${second}` : first;
  return first in signaturePatchSchema.shape ? first : null;
}

/** The fields a patch touches, under the same names. */
export function fieldKeysOf(patch: SignaturePatch): FieldKey[] {
  const keys: FieldKey[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (MAPS.has(key) && value && typeof value === 'object') {
      for (const sub of Object.keys(value)) keys.push(`${key}.${sub}`);
    } else {
      keys.push(key === 'customFieldsPatch' ? 'customFields' : key);
    }
  }
  return keys;
}

const isHeld = (held: ReadonlySet<FieldKey>, key: FieldKey, map?: string) =>
  held.has(WHOLE_BATCH) || held.has(key) || (map !== undefined && held.has(map));

/** The patch cut in two: the named fields (held) and the rest (sent). Either side may be null. */
export function splitPatch(
  patch: SignaturePatch,
  keys: Iterable<FieldKey>,
): { held: SignaturePatch | null; rest: SignaturePatch | null } {
  const named = new Set(keys);
  const held: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (MAPS.has(key) && value && typeof value === 'object') {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        const side = isHeld(named, `${key}.${sub}`, key) ? held : rest;
        side[key] = { ...(side[key] as object | undefined), [sub]: inner };
      }
    } else {
      const field = key === 'customFieldsPatch' ? 'customFields' : key;
      (isHeld(named, field) ? held : rest)[key] = value;
    }
  }
  const orNull = (side: Record<string, unknown>) => (Object.keys(side).length > 0 ? (side as SignaturePatch) : null);
  return { held: orNull(held), rest: orNull(rest) };
}

/**
 * The refusals a batch would get, checked here with the schema the server uses, so a field this
 * browser already knows to be wrong is never sent; an empty object when it would pass.
 */
export function patchProblems(patch: SignaturePatch): Refusals {
  const result = signaturePatchSchema.safeParse(patch);
  if (result.success) return {};
  const problems: Record<FieldKey, string> = {};
  for (const issue of result.error.issues) {
    const key = fieldKeyOf(issue.path.join('.')) ?? WHOLE_BATCH;
    problems[key] ??= issue.message;
  }
  return problems;
}

/**
 * A 400 from the server as refusals: its `errors` map names fields by path (http-hooks.ts). An
 * answer that names no field of the batch holds the whole batch, so it is never resent unchanged.
 */
export function refusalOf(error: unknown, batch: SignaturePatch): FieldsRefused | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const inBatch = new Set(fieldKeysOf(batch));
  const problems: Record<FieldKey, string> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const key = fieldKeyOf(path);
    if (key && (inBatch.has(key) || [...inBatch].some((k) => k.startsWith(`${key}.`)))) problems[key] ??= message;
  }
  if (Object.keys(problems).length === 0) problems[WHOLE_BATCH] = error.message;
  return new FieldsRefused(problems);
}

const DETAIL_LABELS: Record<string, string> = {
  ...TEXT_FIELD_LABELS,
  customFields: 'custom fields',
  photoUrl: 'image',
  customImageUrl: 'image link URL',
  imageLinkUrl: 'image link',
};

const isPlatform = (value: string | undefined): value is SocialPlatform =>
  (SOCIAL_PLATFORMS as readonly string[]).includes(value ?? '');

/** How the status line names a field: 'Instagram link', 'Job Title', 'design'. */
export function fieldLabel(key: FieldKey): string {
  const [first, second] = key.split('.');
  if (first === 'socialLinks' && isPlatform(second)) return `${SOCIAL_PLATFORM_INFO[second].label} link`;
  if (first === 'design') return 'design';
  if (key === WHOLE_BATCH) return 'latest changes';
  return DETAIL_LABELS[key] ?? key;
}

export type EditorTab = 'Details' | 'Images' | 'Social' | 'Design';

/** Where a field lives in the editor: its tab and its control's id (null when the tab itself is the target). */
export function fieldLocation(key: FieldKey): { tab: EditorTab; elementId: string | null } {
  const [first, second] = key.split('.');
  if (first === 'socialLinks') return { tab: 'Social', elementId: second ? `social-${second}` : null };
  if (first === 'design') return { tab: 'Design', elementId: null };
  if (first === 'photoUrl' || first === 'imageLinkUrl') return { tab: 'Images', elementId: null };
  if (first === 'customImageUrl') return { tab: 'Images', elementId: 'custom-image-url' };
  if (first === 'customFields') return { tab: 'Details', elementId: 'custom-field-0-label' };
  if (first === WHOLE_BATCH) return { tab: 'Details', elementId: null };
  return { tab: 'Details', elementId: `sig-${first}` };
}
