import { LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { needsPlanChoice } from '../../../shared/billing/plan-status';
import { useSession } from '../../api/session';
import { EditorHeader } from './editor-header';
import { EditorPanel } from './editor-panel';
import { PublicOriginNotice } from './public-origin-notice';
import { PreviewWithPreflight } from './preview-with-preflight';
import { SaveStatusBadge } from './save-status';
import { SeatNotice } from './seat-notice';
import { onLastTrialDay, TrialEndingNotice } from './trial-ending-notice';
import { useEditorActions } from './use-editor-actions';
import { useNarrowScreen } from './use-narrow-screen';
import { ViewSwitch } from './view-switch';
import { useEditorView } from './editor-focus';
import { signatureRenderOptions } from './use-rendered-signature';
import { useSignatureDraft } from './use-signature-draft';
import { VerifyEmailBanner } from './verify-email-banner';
import { usePublicConfig } from '../../api/system';

// Signed in only, and a header control: it follows the editor's first load (the 250 KB budget).
// Shown only when a save was refused for a newer copy elsewhere: its code (Radix Dialog) comes then.
const ConflictDialog = lazy(() => import('./conflict-dialog').then((m) => ({ default: m.ConflictDialog })));
const SignatureSwitcher = lazy(() => import('./signature-switcher').then((m) => ({ default: m.SignatureSwitcher })));

function LoadingSignature() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 p-8 text-sm text-slate-500">
      <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
      Loading your signature…
    </div>
  );
}

/** /editor: build the signature on the left, watch it in a Gmail message on the right. */
export function EditorPage() {
  const navigate = useNavigate();
  const session = useSession();
  const me = session.data ?? null;
  const user = me?.user ?? null;
  // A signed-in person who has not picked a plan (not even Free) chooses one first; visitors stay.
  const mustChoosePlan = user !== null && needsPlanChoice(user.subscriptionStatus);

  useEffect(() => {
    if (mustChoosePlan) navigate('/pricing', { replace: true });
  }, [mustChoosePlan, navigate]);

  // The signature shown is in the URL (/editor?signature=<id>), so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const wantedId = searchParams.get('signature');
  const draft = useSignatureDraft({ ready: !session.isPending, user, skip: mustChoosePlan, signatureId: wantedId });
  const wantedRef = useRef(wantedId);
  wantedRef.current = wantedId;
  // setSearchParams changes with every URL change; only a newly shown signature may write the URL.
  const setParamsRef = useRef(setSearchParams);
  setParamsRef.current = setSearchParams;
  const shownId = draft.signatureId;
  // Once a signature is shown (the default, or the first one just saved), the URL names it.
  useEffect(() => {
    if (shownId && shownId !== wantedRef.current) setParamsRef.current({ signature: shownId }, { replace: true });
  }, [shownId]);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const switcher = useMemo(
    () =>
      user && shownId ? (
        <Suspense fallback={null}>
          <SignatureSwitcher
            user={user}
            currentId={shownId}
            onSwitch={(id) => setParamsRef.current({ signature: id })}
            onDeleted={(id, next) => {
              if (id !== draftRef.current.signatureId) return;
              draftRef.current.discard(id);
              setParamsRef.current({ signature: next }, { replace: true });
            }}
          />
        </Suspense>
      ) : null,
    [user, shownId],
  );
  const publicConfig = usePublicConfig();
  const publicUrl = publicConfig.config?.publicUrl ?? window.location.origin;
  const subscriptionStatus = user?.subscriptionStatus;
  // One object for the whole page life: memoised panels beside the preview compare it by identity.
  // A running campaign's banner comes with the locks (decision 0222).
  const banner = draft.locks.banner;
  const renderOptions = useMemo(
    () => signatureRenderOptions(publicUrl, subscriptionStatus, banner),
    [publicUrl, subscriptionStatus, banner],
  );
  const exportButtons = useEditorActions(draft, user, publicUrl, renderOptions);
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

  useEffect(() => {
    document.title = 'Editor · SignaturePro';
  }, []);

  return (
    <div className="min-h-screen bg-slate-50">
      <EditorHeader session={me} ready={!session.isPending} switcher={switcher} />
      <main className="flex flex-col lg:h-[calc(100vh-4rem)]" data-testid="editor-area">
        {user && !user.emailVerified && <VerifyEmailBanner email={user.email} />}
        {user?.seatNotice && <SeatNotice notice={user.seatNotice} />}
        {me?.organization && onLastTrialDay(me.organization) && <TrialEndingNotice organization={me.organization} />}
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
                    <PublicOriginNotice
                      check={publicConfig.config.publicOrigin}
                      audience={me?.organization?.role === 'member' ? 'member' : 'operator'}
                    />
                  )}
                  <PreviewWithPreflight
                    fields={fields}
                    options={renderOptions}
                    status={narrow ? null : status}
                    onChange={draft.update}
                  />
                </div>
              </div>
            </>
          ) : (
            <LoadingSignature />
          )}
        </div>
      </main>
      {draft.conflict && (
        <Suspense fallback={null}>
          <ConflictDialog
            conflict={draft.conflict}
            onReload={draft.reloadFromServer}
            onOverwrite={() => void draft.overwrite()}
          />
        </Suspense>
      )}
    </div>
  );
}
