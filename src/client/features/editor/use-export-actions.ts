import { useState } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { checkRequiredFields, imageWarning, type FieldRequirements } from '../../../shared/signature/export-checks';
import { renderSignature, type RenderedSignature } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api';
import {
  canWriteRichClipboard,
  openGmailSettings,
  openManualCopyTab,
  writeHtmlSourceToClipboard,
  writeSignatureToClipboard,
} from './clipboard';
import { generateSignatureHtml } from './signatures-api';
import { currentOrigin } from './use-rendered-signature';
import type { SignatureDraft } from './use-signature-draft';

/** The spec's durations: the export toast stays 8 s, the image-skipped note 5 s. */
export const EXPORT_TOAST_MS = 8000;
export const IMAGE_SKIPPED_TOAST_MS = 5000;

/** The spec's name-and-email rule plus the organization's required fields; the server applies the same. */
function warnIfIncomplete(fields: SignatureFields, requirements: FieldRequirements): boolean {
  const check = checkRequiredFields(fields, requirements);
  if (check.ok) return false;
  toast({ title: check.title, description: check.description, variant: 'destructive' });
  return true;
}

/** The three buttons below the panel: Copy to Gmail, Copy HTML to Clipboard, Save Signature. */
export function useExportActions(draft: SignatureDraft, user: CurrentUser | null) {
  const [copying, setCopying] = useState(false);
  const [saving, setSaving] = useState(false);
  const [generatedThisSession, setGeneratedThisSession] = useState(false);

  // Signed in, the server renders (its public URL, its watermark rule); a visitor's copy is
  // rendered here, with the watermark every free signature carries.
  async function generate(fields: SignatureFields): Promise<RenderedSignature> {
    if (!user) return renderSignature(fields, { publicUrl: currentOrigin(), showWatermark: true });
    const { id } = await draft.persistNow({ full: false });
    const generated = await generateSignatureHtml(id);
    return { html: generated.htmlSignature, text: generated.text };
  }

  async function copyToGmail() {
    const fields = draft.fields;
    if (!fields || copying || warnIfIncomplete(fields, draft.requirements)) return;
    const warning = imageWarning(fields);
    if (warning) toast({ title: warning.title, description: warning.note, variant: 'destructive', duration: IMAGE_SKIPPED_TOAST_MS });
    const imageNote = warning ? " Your image was left out: Gmail doesn't support embedded images." : '';

    setCopying(true);
    try {
      let rendered: RenderedSignature;
      try {
        rendered = await generate(fields);
      } catch (error) {
        console.error('Copy to Gmail failed', error);
        toast({ title: 'Export failed', description: 'Unable to copy signature. Please try again.', variant: 'destructive' });
        return;
      }
      setGeneratedThisSession(true);

      if (!canWriteRichClipboard()) {
        const opened = openManualCopyTab(rendered.html);
        toast({
          title: 'Manual copy needed',
          description: opened
            ? 'Your browser cannot copy automatically. Copy the signature from the new tab and paste it into Gmail.'
            : "Your browser blocked the new tab. Use 'Copy HTML to Clipboard' instead.",
          duration: EXPORT_TOAST_MS,
        });
        return;
      }
      try {
        await writeSignatureToClipboard(rendered);
      } catch (error) {
        console.error('Clipboard write failed', error);
        toast({ title: 'HTML generated', description: "Click 'Copy HTML to Clipboard' to copy your signature." });
        return;
      }
      openGmailSettings();
      toast({
        title: 'Copied to Gmail!',
        description: `Gmail settings opened in a new tab. Paste into the Signature box (Ctrl+V / ⌘V), then click Save Changes.${imageNote}`,
        variant: 'success',
        duration: EXPORT_TOAST_MS,
      });
    } finally {
      setCopying(false);
    }
  }

  async function copyHtml() {
    const fields = draft.fields;
    if (!fields) return;
    if (!generatedThisSession && !draft.savedHtml) {
      toast({ title: 'Generate HTML first', description: "Please click 'Export for Gmail' to generate the HTML signature." });
      return;
    }
    // The copy is rendered from the fields on screen, which may have been emptied since.
    if (warnIfIncomplete(fields, draft.requirements)) return;
    // Rendered again from the fields on screen, so the copy is never older than the preview.
    const { html } = renderSignature(fields, {
      publicUrl: currentOrigin(),
      showWatermark: shouldShowWatermark(user?.subscriptionStatus),
    });
    try {
      await writeHtmlSourceToClipboard(html);
      toast({ title: 'Copied to clipboard!', description: 'The HTML source of your signature is on the clipboard.', variant: 'success' });
    } catch (error) {
      console.error('Copy HTML failed', error);
      toast({ title: 'Copy failed', description: 'Your browser blocked the clipboard. Please try again.', variant: 'destructive' });
    }
  }

  async function saveSignature() {
    const fields = draft.fields;
    if (!fields || saving || warnIfIncomplete(fields, draft.requirements)) return;
    if (!user) {
      openAuthDialog('signup');
      toast({ title: 'Create a free account to save', description: 'Your signature stays in this browser while you sign up.' });
      return;
    }
    setSaving(true);
    try {
      const result = await draft.persistNow({ full: true });
      toast({ title: result.created ? 'Signature created' : 'Signature saved', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Save failed',
        description: errorMessage(error, 'Your changes are kept here and will be retried.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return { copying, saving, copyToGmail, copyHtml, saveSignature };
}
