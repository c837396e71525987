import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SavedSignature, SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';
import { toast } from '../../lib/toast-store';
import { SignatureConflict, updateSignature } from '../../api/signatures';
import { loadUnsavedEdits, saveUnsavedEdits } from './draft-storage';
import { createPatchQueue, type PatchQueue, type SaveStatus } from './patch-queue';
import { FieldsRefused, patchProblems, refusalOf, type Refusals } from './refused-fields';
import { applyPatch, createVersionTracker, pickSignatureFields } from './signature-patch';

const NONE: Refusals = {};

export type AutosaveControls = {
  /** Saves go to this signature from now on (null: none yet); what waited for the previous one is sent first. */
  attach(id: string | null, version?: number | null): void;
  /** The signature saved to, or null. */
  id(): string | null;
  /** An edit, as the wire carries it; it goes out once typing pauses. */
  enqueue(patch: SignaturePatch): void;
  /** Sends what waits now; resolves when stored (refused fields stay held). */
  flush(): Promise<void>;
  /** The page may be going away: sends what waits with keepalive and keeps a local copy of what is not stored. */
  flushBeforeUnload(): void;
  /** A full save of these fields, with the version the copy is based on (decision 0006). */
  saveFull(fields: SignatureFields): Promise<void>;
  /** The signature was deleted or reloaded from the server: what waited is dropped, never sent. */
  drop(): void;
  /** The loaded fields with the edits this browser kept for them (a reload before they were stored), which are sent again. */
  restore(id: string, fields: SignatureFields): SignatureFields;
  /** The stored copy a stale full save was refused against (409), or null. */
  conflictNow(): SavedSignature | null;
  /** The next full save is based on this version (Overwrite). */
  rebase(version: number): void;
  refusalsNow(): Refusals;
};

export type Autosave = {
  /** The same object for the page's life: callbacks that use it stay stable. */
  controls: AutosaveControls;
  status: SaveStatus;
  /** The fields held back as refused, with why (decision 0180). */
  refusals: Refusals;
  conflict: SavedSignature | null;
};

/** Within this long, an idle moment or not, the deferred local copy is written. */
const IDLE_WRITE_WITHIN_MS = 1_000;

/** `run` once the page is idle (or within a second); calls while one waits share it. */
function whenIdle(run: () => void): () => void {
  let waiting = false;
  const fire = () => {
    waiting = false;
    run();
  };
  return () => {
    if (waiting) return;
    waiting = true;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(fire, { timeout: IDLE_WRITE_WITHIN_MS });
    else setTimeout(fire, 0);
  };
}

/** The restored edits on top of the loaded fields; a profile link is merged platform by platform. */
function withEdits(fields: SignatureFields, edits: SignaturePatch): SignatureFields {
  const { socialLinks, ...rest } = edits;
  const next = applyPatch(fields, rest);
  if (!socialLinks) return next;
  const links: Record<string, string> = { ...fields.socialLinks };
  for (const [platform, url] of Object.entries(socialLinks)) {
    if (typeof url === 'string' && url !== '') links[platform] = url;
    else delete links[platform];
  }
  return { ...next, socialLinks: links };
}

/**
 * A signed-in person's saves (spec section 4): edits are coalesced into partial updates (patch
 * queue), flushed when the page is hidden, and a field the server would refuse is held at the
 * field instead of blocking the rest (decision 0180). What is not stored yet is kept in this
 * browser and restored on the next visit, and leaving while something is held or failing asks first.
 */
export function useAutosave(): Autosave {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [refusals, setRefusals] = useState<Refusals>(NONE);
  const [conflict, setConflict] = useState<SavedSignature | null>(null);
  const idRef = useRef<string | null>(null);
  const queueRef = useRef<PatchQueue | null>(null);
  const conflictRef = useRef<SavedSignature | null>(null);
  const versionRef = useRef(createVersionTracker(null));

  const keepLocally = useCallback(() => {
    const id = idRef.current;
    const queue = queueRef.current;
    if (id && queue) saveUnsavedEdits(id, queue.unsaved());
  }, []);
  const keepLocallySoon = useMemo(() => whenIdle(keepLocally), [keepLocally]);

  const controls = useMemo((): AutosaveControls => {
    const detach = () => {
      const previous = queueRef.current;
      if (previous) {
        previous.flushBeforeUnload();
        previous.dispose();
      }
      queueRef.current = null;
    };
    const sendTo = (id: string, tracker: ReturnType<typeof createVersionTracker>) =>
      async function send(patch: SignaturePatch, { keepalive, full }: { keepalive: boolean; full: boolean }) {
        // What the shared schema refuses is never sent: the server would answer 400 for it.
        const problems = patchProblems(patch);
        if (Object.keys(problems).length > 0) throw new FieldsRefused(problems);
        const base = tracker.base();
        try {
          const saved = await updateSignature(id, patch, {
            keepalive,
            version: full && base !== null ? base : undefined,
          });
          if (typeof saved?.version !== 'number') return;
          if (full) tracker.reset(saved.version);
          else tracker.saw(saved.version);
        } catch (error) {
          const refused = refusalOf(error, patch);
          if (refused) throw refused;
          // A stale full save is not retried: the person chooses between Reload and Overwrite,
          // and what they typed stays in the editor until then.
          if (!(error instanceof SignatureConflict)) throw error;
          conflictRef.current = error.current;
          setConflict(error.current);
        }
      };
    return {
      attach(id, version = null) {
        detach();
        idRef.current = id;
        const tracker = createVersionTracker(version);
        versionRef.current = tracker;
        conflictRef.current = null;
        setConflict(null);
        setRefusals(NONE);
        queueRef.current = id
          ? createPatchQueue({
              send: sendTo(id, tracker),
              onStatusChange: (next) => {
                setStatus(next);
                // Once per batch, never per keystroke: the local copy follows what is not stored.
                // 'pending' comes with the first key of a batch: its copy waits until the page is
                // idle, off that key's frame (leaving the page writes it at once).
                if (next === 'pending') keepLocallySoon();
                else keepLocally();
              },
              onRefusalsChange: (next) => {
                setRefusals(next);
                keepLocally();
              },
            })
          : null;
        setStatus('idle');
      },
      id: () => idRef.current,
      enqueue: (patch) => queueRef.current?.enqueue(patch),
      flush: () => queueRef.current?.flush() ?? Promise.resolve(),
      flushBeforeUnload() {
        keepLocally();
        queueRef.current?.flushBeforeUnload();
      },
      async saveFull(fields) {
        const queue = queueRef.current;
        if (!queue) return;
        conflictRef.current = null;
        queue.enqueue(pickSignatureFields(fields), { full: true });
        await queue.flush();
      },
      drop() {
        queueRef.current?.dispose();
        queueRef.current = null;
        if (idRef.current) saveUnsavedEdits(idRef.current, null);
      },
      restore(id, fields) {
        const edits = loadUnsavedEdits(id);
        if (!edits || idRef.current !== id) return fields;
        queueRef.current?.enqueue(edits);
        toast({
          title: 'Unsaved changes restored',
          description: 'Changes that were not saved when you left are back, and are being saved now.',
        });
        return withEdits(fields, edits);
      },
      conflictNow: () => conflictRef.current,
      rebase(version) {
        versionRef.current.reset(version);
        conflictRef.current = null;
        setConflict(null);
      },
      refusalsNow: () => queueRef.current?.refusals() ?? NONE,
    };
  }, [keepLocally, keepLocallySoon]);

  // Leaving the page, hiding the tab or closing it must never lose the last edit; leaving while a
  // field is refused or saves fail asks first, as those edits would not reach the account.
  useEffect(() => {
    // React's development double-run disposed the queue in between: the same signature goes on.
    if (idRef.current && !queueRef.current) controls.attach(idRef.current, versionRef.current.base());
    const onHidden = () => {
      if (document.visibilityState === 'hidden') controls.flushBeforeUnload();
    };
    const onPageHide = () => controls.flushBeforeUnload();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const queue = queueRef.current;
      if (!queue) return;
      const held = Object.keys(queue.refusals()).length > 0;
      if (!held && queue.status() !== 'error') return;
      controls.flushBeforeUnload();
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
      controls.flushBeforeUnload();
      queueRef.current?.dispose();
      queueRef.current = null;
    };
  }, [controls]);

  return { controls, status, refusals, conflict };
}
