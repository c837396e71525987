import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { NO_REQUIREMENTS, type FieldRequirements } from '../../../shared/signature/export-checks';
import { NO_LOCKS, type OrganizationLocks } from '../../../shared/signature/organization-locks';
import {
  createEmptySignature,
  type SavedSignature,
  type SignatureFields,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { toast } from '../../lib/toast-store';
import { clearDraft, loadDraft, saveDraft } from './draft-storage';
import { loadSignatureForUser, toEditorFields, type LoadedSignature } from './load-signature';
import type { SaveStatus } from './patch-queue';
import { pendingEditsSettled } from './pending-edits';
import { FieldsRefused, type Refusals } from './refused-fields';
import { applyPatch, pickSignatureFields, toWirePatch } from './signature-patch';
import { useAutosave } from './use-autosave';
import { SignatureConflict, createSignature, signaturesChanged } from '../../api/signatures';

export type SessionInput = {
  /** False while the current-user call is still out. */
  ready: boolean;
  user: CurrentUser | null;
  /** True when the page is about to redirect; nothing is loaded or created then. */
  skip?: boolean;
  /**
   * The saved signature to show (`/editor?signature=<id>`); null means the default. Changing it
   * sends the waiting edits of the one being left first, then loads the other.
   */
  signatureId?: string | null;
};

/** How long after the last keystroke a visitor's draft is written to localStorage. */
export const DRAFT_WRITE_DELAY_MS = 300;

export type PersistResult = { id: string; created: boolean };

export type SignatureDraft = {
  /** null while a signed-in person's signature loads. */
  fields: SignatureFields | null;
  signatureId: string | null;
  savedHtml: string | null;
  status: SaveStatus;
  /** Fields held back because they were refused, with why; they are sent again once changed (decision 0180). */
  refusals: Refusals;
  /** The fields the organization requires before export; none for a visitor. */
  requirements: FieldRequirements;
  /** The fields the organization sets for this person, shown read-only (decision 0164); none for a visitor. */
  locks: OrganizationLocks;
  update(patch: SignaturePatch): void;
  /** Sends waiting edits now (field blur). */
  flushEdits(): void;
  /**
   * Waits for edits still on their way (an image uploading), then creates the signature or sends
   * everything waiting (all fields when full), and resolves when stored: what the server then
   * renders is what the editor shows.
   */
  persistNow(options: { full: boolean }): Promise<PersistResult>;
};

/** Switching between a person's several signatures. */
export type SignatureSwitching = {
  /** The signature was deleted: its waiting edits are dropped, never sent. */
  discard(id: string): void;
};

/** A stale full save's two ways out (decision 0006); the conflict dialog offers them. */
export type ConflictChoice = {
  /** The stored signature when a full save was refused as stale (409); null otherwise. */
  conflict: SavedSignature | null;
  /** Takes the stored copy; what was typed here since is dropped. */
  reloadFromServer(): void;
  /** Saves this copy again over the stored one, based on the version the 409 reported. */
  overwrite(): Promise<void>;
  /** Shows a signature the server answered (an earlier version restored); edits waiting here are dropped. */
  showStored(stored: SavedSignature): void;
};

/**
 * The editor's signature and its persistence (spec section 4). A visitor's signature lives in
 * localStorage. A signed-in person's first signature is loaded; once it has an id, every edit is
 * sent as a coalesced partial update, flushed on blur and when the page is hidden.
 */
export function useSignatureDraft(session: SessionInput): SignatureDraft & ConflictChoice & SignatureSwitching {
  const [fields, setFields] = useState<SignatureFields | null>(null);
  const [signatureId, setSignatureId] = useState<string | null>(null);
  const [savedHtml, setSavedHtml] = useState<string | null>(null);
  const [requirements, setRequirements] = useState<FieldRequirements>(NO_REQUIREMENTS);
  const [locks, setLocks] = useState<OrganizationLocks>(NO_LOCKS);
  const autosave = useAutosave();
  const saves = autosave.controls;
  const fieldsRef = useRef<SignatureFields | null>(null);
  const creatingRef = useRef<Promise<PersistResult> | null>(null);
  // React's development double-run of effects must not create the adopted draft twice.
  const loadRef = useRef<{ key: string; promise: Promise<LoadedSignature> } | null>(null);
  const appliedForRef = useRef<string | null>(null);
  // A visitor's draft is written to localStorage shortly after typing stops, not on every
  // keystroke (a synchronous write in the typing path); leaving the page writes it at once.
  const pendingDraftRef = useRef<{ fields: SignatureFields; timer: ReturnType<typeof setTimeout> } | null>(null);
  const { attach, enqueue, flush, flushBeforeUnload, id: savedId, restore } = saves;

  const writePendingDraft = useCallback(() => {
    const pending = pendingDraftRef.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    pendingDraftRef.current = null;
    if (!savedId()) saveDraft(pending.fields);
  }, [savedId]);

  const dropPendingDraft = useCallback(() => {
    if (pendingDraftRef.current) clearTimeout(pendingDraftRef.current.timer);
    pendingDraftRef.current = null;
  }, []);

  const showFields = useCallback((next: SignatureFields | null) => {
    fieldsRef.current = next;
    setFields(next);
  }, []);

  const attachSignature = useCallback(
    (id: string | null, version: number | null = null) => {
      attach(id, version);
      creatingRef.current = null;
      setSignatureId(id);
    },
    [attach],
  );

  const userId = session.user?.id ?? null;
  const userRef = useRef(session.user);
  userRef.current = session.user;

  const wantedId = session.signatureId ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!session.ready || session.skip) return;
    const user = userRef.current;
    if (!user) {
      loadRef.current = null;
      appliedForRef.current = null;
      attachSignature(null);
      setSavedHtml(null);
      setRequirements(NO_REQUIREMENTS);
      setLocks(NO_LOCKS);
      showFields(loadDraft() ?? createEmptySignature());
      return;
    }
    // Already showing what is asked for (the page writes the loaded id into the URL).
    if (appliedForRef.current === user.id && (wantedId === null || wantedId === savedId())) return;
    let cancelled = false;
    // The draft typed just before signing in is what the account adopts.
    writePendingDraft();
    const key = `${user.id}:${wantedId ?? ''}`;
    if (loadRef.current?.key !== key) {
      const switching = appliedForRef.current === user.id;
      showFields(null);
      let before: Promise<unknown> = Promise.resolve();
      if (switching) {
        // Another signature of the same person: the one being left sends its waiting edits first,
        // so the fresh list read next already holds them.
        before = flush().catch(() => flushBeforeUnload());
      } else {
        attachSignature(null);
        setRequirements(NO_REQUIREMENTS);
      }
      appliedForRef.current = null;
      loadRef.current = {
        key,
        promise: before.then(() => loadSignatureForUser(user, { queryClient, signatureId: wantedId })),
      };
    }
    void loadRef.current.promise.then((loaded) => {
      // Applied once per signed-in person and signature: a later re-run must not overwrite their edits.
      if (cancelled || appliedForRef.current === user.id) return;
      appliedForRef.current = user.id;
      attachSignature(loaded.id, loaded.version);
      setSavedHtml(loaded.savedHtml);
      setRequirements(loaded.requirements);
      setLocks(loaded.locks);
      // Edits this browser kept because they were not stored when the page closed come back.
      showFields(loaded.id ? restore(loaded.id, loaded.fields) : loaded.fields);
      if (loaded.adoptedDraft) {
        toast({
          title: 'Signature created',
          description: 'The signature you started is now saved to your account.',
          variant: 'success',
        });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [
    session.ready,
    session.skip,
    userId,
    wantedId,
    queryClient,
    attachSignature,
    showFields,
    writePendingDraft,
    flush,
    flushBeforeUnload,
    restore,
    savedId,
  ]);

  // A visitor's draft is written when the page goes away; a saved signature's edits are the autosave's.
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') writePendingDraft();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', writePendingDraft);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', writePendingDraft);
      writePendingDraft();
    };
  }, [writePendingDraft]);

  const update = useCallback(
    (patch: SignaturePatch) => {
      const previous = fieldsRef.current;
      if (!previous) return;
      const next = applyPatch(previous, patch);
      showFields(next);
      if (savedId()) {
        const wire = toWirePatch(previous, patch);
        if (wire) enqueue(wire);
      }
      // Until the signature exists on the server, this browser keeps it across reloads.
      else {
        const pending = pendingDraftRef.current;
        if (pending) pending.fields = next;
        else pendingDraftRef.current = { fields: next, timer: setTimeout(writePendingDraft, DRAFT_WRITE_DELAY_MS) };
      }
    },
    [showFields, writePendingDraft, savedId, enqueue],
  );

  const flushEdits = useCallback(() => {
    flush().catch(() => undefined);
  }, [flush]);

  const persistNow = useCallback(
    async ({ full }: { full: boolean }): Promise<PersistResult> => {
      // An upload answered after the click still belongs in this save (its photoUrl lands in
      // fieldsRef and the queue before this resumes).
      await pendingEditsSettled();
      const current = fieldsRef.current;
      if (!current) throw new Error('The signature is still loading.');
      const id = saves.id();
      if (id) {
        if (full) await saves.saveFull(current);
        else await saves.flush();
        const stale = saves.conflictNow();
        if (stale) throw new SignatureConflict('This signature changed elsewhere. Choose Reload or Overwrite.', stale);
        // What is held as refused is not in the account: an export must not go out without it.
        const refused = saves.refusalsNow();
        if (Object.keys(refused).length > 0) throw new FieldsRefused(refused);
        return { id, created: false };
      }
      // Two clicks in a row share one create, never two signatures.
      if (!creatingRef.current) {
        const snapshot = current;
        const creating = createSignature(pickSignatureFields(snapshot)).then((id) => {
          dropPendingDraft();
          clearDraft();
          attachSignature(id, 1);
          void signaturesChanged(queryClient);
          // Edits typed while the create was out are sent as a normal update.
          const latest = fieldsRef.current;
          if (latest && latest !== snapshot) saves.enqueue(pickSignatureFields(latest));
          return { id, created: true };
        });
        creatingRef.current = creating;
        creating.catch(() => {
          if (creatingRef.current === creating) creatingRef.current = null;
        });
      }
      return creatingRef.current;
    },
    [attachSignature, dropPendingDraft, queryClient, saves],
  );

  const discard = useCallback(
    (id: string) => {
      if (saves.id() === id) saves.drop();
    },
    [saves],
  );

  const showStored = useCallback(
    (stored: SavedSignature) => {
      // The edits waiting here are the ones the person chose to drop.
      saves.drop();
      attachSignature(stored.id, stored.version);
      setSavedHtml(stored.htmlSignature);
      showFields(toEditorFields(stored));
    },
    [attachSignature, showFields, saves],
  );

  const reloadFromServer = useCallback(() => {
    const stored = saves.conflictNow();
    if (stored) showStored(stored);
  }, [showStored, saves]);

  const overwrite = useCallback(async () => {
    const stored = saves.conflictNow();
    if (!stored) return;
    saves.rebase(stored.version);
    try {
      await persistNow({ full: true });
      toast({ title: 'Signature saved', variant: 'success' });
    } catch (error) {
      if (!(error instanceof SignatureConflict)) {
        toast({
          title: 'Save failed',
          description: 'Your changes are kept here and will be retried.',
          variant: 'destructive',
        });
      }
    }
  }, [persistNow, saves]);

  return {
    fields,
    signatureId,
    savedHtml,
    status: autosave.status,
    refusals: autosave.refusals,
    requirements,
    locks,
    update,
    flushEdits,
    persistNow,
    discard,
    conflict: autosave.conflict,
    reloadFromServer,
    overwrite,
    showStored,
  };
}
