import { useEffect, useMemo, useRef } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import type { RenderOptions } from '../../../shared/signature/render-signature';
import { ExportButtons } from './export-buttons';
import { copyForGmailApp, testEmailNote, useTestEmail } from './extra-actions';
import { useExportActions } from './use-export-actions';
import type { SignatureDraft } from './use-signature-draft';

/**
 * The bar under the form, built once per busy state: a keystroke does not re-render it (each
 * click reads the draft of that moment through a ref).
 */
export function useEditorActions(
  draft: SignatureDraft,
  user: CurrentUser | null,
  publicUrl: string,
  renderOptions: RenderOptions,
  /** Opens "Earlier versions" (a saved signature of a signed-in person only). */
  onShowVersions?: () => void,
) {
  const draftRef = useRef(draft);
  const actions = useExportActions(draft, user, publicUrl);
  const { sending, sendTestEmail } = useTestEmail(user, () => draftRef.current.persistNow({ full: false }));
  const latest = { actions, draft, sendTestEmail, renderOptions };
  const latestRef = useRef(latest);
  useEffect(() => {
    draftRef.current = draft;
    latestRef.current = latest;
  });
  const { copying, saving } = actions;
  // Autosave needs an account and a stored signature, and is stuck while its saves fail.
  const showSave = user === null || draft.signatureId === null || draft.status === 'error';
  const note = testEmailNote(user);
  return useMemo(
    () => (
      <ExportButtons
        copying={copying}
        saving={saving}
        sending={sending}
        showSave={showSave}
        testEmailNote={note}
        onCopyToGmail={() => void latestRef.current.actions.copyToGmail()}
        onCopyHtml={() => void latestRef.current.actions.copyHtml()}
        onCopyForGmailApp={() => {
          const { draft: current, renderOptions: options } = latestRef.current;
          if (current.fields) void copyForGmailApp(current.fields, options);
        }}
        onSendTestEmail={() => void latestRef.current.sendTestEmail()}
        onSave={() => void latestRef.current.actions.saveSignature()}
        onShowVersions={onShowVersions}
      />
    ),
    [copying, saving, sending, showSave, note, onShowVersions],
  );
}
