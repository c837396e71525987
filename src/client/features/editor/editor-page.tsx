import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { needsPlanChoice } from '../../../shared/billing/plan-status';
import { useSession } from '../../api/session';
import { EditorHeader } from './editor-header';
import { EditorWorkspace, type ShownSignature } from './editor-workspace';
import { SeatNotice } from './seat-notice';
import { onLastTrialDay, TrialEndingNotice } from './trial-ending-notice';
import { VerifyEmailBanner } from './verify-email-banner';

// Signed in only, and a header control: it follows the editor's first load (the 250 KB budget).
const SignatureSwitcher = lazy(() => import('./signature-switcher').then((m) => ({ default: m.SignatureSwitcher })));

/**
 * /editor: build the signature on the left, watch it in a Gmail message on the right. This part
 * holds the session, the URL, the header and the notices; the signature being typed lives in
 * EditorWorkspace, so a keystroke renders none of this.
 */
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
  const wantedRef = useRef(wantedId);
  wantedRef.current = wantedId;
  // setSearchParams changes with every URL change; only a newly shown signature may write the URL.
  const setParamsRef = useRef(setSearchParams);
  setParamsRef.current = setSearchParams;
  const shownRef = useRef<ShownSignature | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  // Once a signature is shown (the default, or the first one just saved), the URL names it.
  useEffect(() => {
    if (shownId && shownId !== wantedRef.current) setParamsRef.current({ signature: shownId }, { replace: true });
  }, [shownId]);
  const switcher = useMemo(
    () =>
      user && shownId ? (
        <Suspense fallback={null}>
          <SignatureSwitcher
            user={user}
            currentId={shownId}
            onSwitch={(id) => setParamsRef.current({ signature: id })}
            onDeleted={(id, next) => {
              const shown = shownRef.current;
              if (!shown || id !== shown.signatureId()) return;
              shown.discard(id);
              setParamsRef.current({ signature: next }, { replace: true });
            }}
          />
        </Suspense>
      ) : null,
    [user, shownId],
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
        <EditorWorkspace
          ready={!session.isPending}
          user={user}
          skip={mustChoosePlan}
          signatureId={wantedId}
          member={me?.organization?.role === 'member'}
          shownRef={shownRef}
          onShown={setShownId}
        />
      </main>
    </div>
  );
}
