import { LoaderCircle } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { usePublicConfig } from '../../api/system';
import { useEditorView } from './editor-focus';
import { EditorPanel } from './editor-panel';
import { PreviewWithPreflight } from './preview-with-preflight';
import { PublicOriginNotice, serverAddressFixFor } from './public-origin-notice';
import { SaveStatusBadge } from './save-status';
import { useEditorActions } from './use-editor-actions';
import { useNarrowScreen } from './use-narrow-screen';
import { signatureRenderOptions } from './use-rendered-signature';
import { useSignatureDraft } from './use-signature-draft';
import { ViewSwitch } from './view-switch';

// Shown only when a save was refused for a newer copy elsewhere: its code (Radix Dialog) comes then.
const ConflictDialog = lazy(() => import('./conflict-dialog').then((m) => ({ default: m.ConflictDialog })));

// Opened from "More ways": the list and its calls load then.
const VersionsDialog = lazy(() => import('./versions-dialog').then((m) => ({ default: m.VersionsDialog })));

function LoadingSignature() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 p-8 text-sm text-slate-500">
      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
      Loading your signature…
    </div>
  );
}

/** What the page around the workspace may ask of the signature shown (its switcher's delete). */
export type ShownSignature = { signatureId(): string | null; discard(id: string): void };

/**
 * The form, the preview and the actions under the form: everything a keystroke changes, and
 * nothing else. Memoised: the page around it (session, URL, header) re-renders it only when what it
 * passes changes; a keystroke re-renders this and the memoised panels it passes new fields to.
 */
export const EditorWorkspace = memo(function EditorWorkspace(props: {
  ready: boolean;
  user: CurrentUser | null;
  skip: boolean;
  signatureId: string | null;
  /** A member of an organization (not its owner or an admin): the public-origin notice speaks to them. */
  member: boolean;
  shownRef: RefObject<ShownSignature | null>;
  onShown: (id: string | null) => void;
}) {
  const { user, shownRef, onShown } = props;
  const draft = useSignatureDraft({
    ready: props.ready,
    user,
    skip: props.skip,
    signatureId: props.signatureId,
  });
  const shownId = draft.signatureId;
  useEffect(() => onShown(shownId), [shownId, onShown]);
  useEffect(() => {
    shownRef.current = { signatureId: () => draft.signatureId, discard: draft.discard };
  });
  const publicConfig = usePublicConfig();
  const publicUrl = publicConfig.config?.publicUrl ?? window.location.origin;
  const audience = props.member ? 'member' : 'operator';
  const addressFix = publicConfig.config ? serverAddressFixFor(publicConfig.config.publicOrigin, audience) : undefined;
  const subscriptionStatus = user?.subscriptionStatus;
  // One object for the whole page life: memoised panels beside the preview compare it by identity.
  // A running campaign's banner comes with the locks (decision 0222).
  const banner = draft.locks.banner;
  const renderOptions = useMemo(
    () => signatureRenderOptions(publicUrl, subscriptionStatus, banner),
    [publicUrl, subscriptionStatus, banner],
  );
  const [versionsOpen, setVersionsOpen] = useState(false);
  const showVersions = useCallback(() => setVersionsOpen(true), []);
  const versionsFor = user !== null ? draft.signatureId : null;
  const exportButtons = useEditorActions(draft, user, publicUrl, renderOptions, versionsFor ? showVersions : undefined);
  // The preview never renders with a guessed origin: it waits for the server's PUBLIC_URL.
  const fields = publicConfig.ready ? draft.fields : null;
  const narrow = useNarrowScreen();
  const view = useEditorView();
  const status = (
    <SaveStatusBadge
      status={draft.status}
      hasId={draft.signatureId !== null}
      signedIn={user !== null}
      refusals={draft.refusals}
    />
  );

  return (
    <>
      {/* The bar at the bottom of a phone's screen (export-buttons.tsx) covers nothing at the end. */}
      <div className="flex min-h-0 flex-1 flex-col pb-20 lg:flex-row lg:pb-0">
        {fields && narrow && <ViewSwitch view={view} status={status} />}
        {fields ? (
          <>
            <EditorPanel
              fields={fields}
              requirements={draft.requirements}
              locks={draft.locks}
              refusals={draft.refusals}
              signedIn={user !== null}
              signatureId={draft.signatureId}
              onChange={draft.update}
              onFieldBlur={draft.flushEdits}
              formHidden={narrow && view === 'preview'}
              footer={exportButtons}
            />
            <div
              className={`min-w-0 flex-1 overflow-y-auto px-4 py-6 sm:px-8 lg:py-8 ${narrow && view === 'edit' ? 'hidden' : ''}`}
              data-testid="preview-area"
            >
              <div className="mx-auto grid max-w-3xl gap-4 xl:max-w-6xl" data-testid="preview-column">
                {publicConfig.config && (
                  <PublicOriginNotice check={publicConfig.config.publicOrigin} audience={audience} />
                )}
                <PreviewWithPreflight
                  fields={fields}
                  options={renderOptions}
                  status={narrow ? null : status}
                  onChange={draft.update}
                  designLocked={draft.locks.designLocked}
                  requirements={draft.requirements}
                  serverAddressFix={addressFix}
                />
              </div>
            </div>
          </>
        ) : (
          <LoadingSignature />
        )}
      </div>
      {versionsOpen && versionsFor && (
        <Suspense fallback={null}>
          <VersionsDialog
            signatureId={versionsFor}
            saveWaiting={() => draft.persistNow({ full: false })}
            onRestored={draft.showStored}
            onClose={() => setVersionsOpen(false)}
          />
        </Suspense>
      )}
      {draft.conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            conflict={draft.conflict}
            onReload={draft.reloadFromServer}
            onOverwrite={() => void draft.overwrite()}
          />
        </Suspense>
      )}
    </>
  );
});
