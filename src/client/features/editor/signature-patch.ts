import {
  SOCIAL_PLATFORMS,
  type CustomField,
  type CustomFieldsPatch,
  type SignatureFields,
  type SignaturePatch,
  type SocialLinks,
} from '../../../shared/signature/signature-schema';

type LinksPatch = NonNullable<SignaturePatch['socialLinks']>;

/** A later change at the same position, with no removal between, makes the earlier one moot. */
function appendChanges(older: CustomFieldsPatch, newer: CustomFieldsPatch): CustomFieldsPatch {
  const out = [...older];
  for (const change of newer) {
    if (change.value) {
      for (let i = out.length - 1; i >= 0 && out[i]!.value; i -= 1) {
        if (out[i]!.index === change.index) {
          out.splice(i, 1);
          break;
        }
      }
    }
    out.push(change);
  }
  return out;
}

/** customFields after per-position changes, by the server's rule (decision 0006). */
export function applyCustomFieldsPatch(list: CustomField[], changes: CustomFieldsPatch): CustomField[] {
  const out = [...list];
  for (const change of changes) {
    if (change.value) {
      if (change.index < out.length) out[change.index] = change.value;
      else out.push(change.value);
    } else if (change.index < out.length) {
      const at = out[change.index]!;
      if (!change.was || (at.label === change.was.label && at.value === change.was.value)) out.splice(change.index, 1);
    }
  }
  return out;
}

/**
 * Folds a newer patch over an older one. Design and socialLinks are merged key by key because the
 * editor sends one choice at a time and an older colour must survive a newer font change;
 * customFieldsPatch changes follow one another, and a whole customFields list replaces them.
 */
export function mergePatches(older: SignaturePatch | null, newer: SignaturePatch | null): SignaturePatch | null {
  if (!older) return newer;
  if (!newer) return older;
  const merged: SignaturePatch = { ...older, ...newer };
  if (older.design || newer.design) merged.design = { ...older.design, ...newer.design };
  if (older.socialLinks || newer.socialLinks) merged.socialLinks = { ...older.socialLinks, ...newer.socialLinks };
  if (newer.customFields) {
    delete merged.customFieldsPatch;
  } else if (newer.customFieldsPatch) {
    if (older.customFields) {
      merged.customFields = applyCustomFieldsPatch(older.customFields, newer.customFieldsPatch);
      delete merged.customFieldsPatch;
    } else {
      merged.customFieldsPatch = appendChanges(older.customFieldsPatch ?? [], newer.customFieldsPatch);
    }
  }
  return merged;
}

/** The map as the editor shows it: a null (removal) is left out; '' stays (an added, empty row). */
function withoutNulls(links: LinksPatch): SocialLinks {
  return Object.fromEntries(Object.entries(links).filter(([, url]) => typeof url === 'string')) as SocialLinks;
}

/** The signature after an edit, with the same design rule as mergePatches; an edit's socialLinks is the whole map. */
export function applyPatch(fields: SignatureFields, patch: SignaturePatch): SignatureFields {
  const { customFieldsPatch, socialLinks, ...rest } = patch;
  const next: SignatureFields = { ...fields, ...rest, design: { ...fields.design, ...patch.design } };
  if (socialLinks) next.socialLinks = withoutNulls(socialLinks);
  if (customFieldsPatch) next.customFields = applyCustomFieldsPatch(next.customFields, customFieldsPatch);
  return next;
}

/** Only the platforms that changed; a removed or emptied one is sent as '' (the server removes it). */
export function diffSocialLinks(before: SocialLinks, after: LinksPatch): LinksPatch {
  const diff: LinksPatch = {};
  for (const platform of SOCIAL_PLATFORMS) {
    const was = before[platform] ?? '';
    const now = after[platform] ?? '';
    if (was !== now || platform in before !== platform in after) diff[platform] = now;
  }
  return diff;
}

/**
 * What an autosave sends for an edit: socialLinks as per-platform changes, so two tabs editing
 * different platforms both keep theirs (decision 0006). Null when nothing changed on the server.
 */
export function toWirePatch(before: SignatureFields, edit: SignaturePatch): SignaturePatch | null {
  if (!edit.socialLinks) return edit;
  const { socialLinks, ...rest } = edit;
  const diff = diffSocialLinks(before.socialLinks, socialLinks);
  const wire: SignaturePatch = Object.keys(diff).length > 0 ? { ...rest, socialLinks: diff } : rest;
  return Object.keys(wire).length > 0 ? wire : null;
}

/**
 * The version the editor's copy is based on. It moves only over versions this editor's own saves
 * produced: a jump means someone else wrote in between, and the next full save must hear 409.
 */
export function createVersionTracker(initial: number | null) {
  let base = initial;
  const own = new Set<number>();
  return {
    base: () => base,
    /** After a full save or a reload: the copy is exactly this version. */
    reset(version: number | null) {
      base = version;
      own.clear();
    },
    /** A partial save of ours answered with this version. */
    saw(version: number) {
      if (base === null) return;
      own.add(version);
      while (own.has(base + 1)) {
        own.delete(base + 1);
        base += 1;
      }
    },
  };
}
export type VersionTracker = ReturnType<typeof createVersionTracker>;

/** Only what the server stores as fields: a saved signature also carries id, version and timestamps. */
export function pickSignatureFields(source: SignatureFields): SignatureFields {
  return {
    name: source.name,
    title: source.title,
    company: source.company,
    phone: source.phone,
    mobile: source.mobile,
    email: source.email,
    website: source.website,
    address: source.address,
    photoUrl: source.photoUrl,
    imageLinkUrl: source.imageLinkUrl,
    customImageUrl: source.customImageUrl,
    socialLinks: source.socialLinks,
    customFields: source.customFields,
    design: source.design,
  };
}
