import { useState } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { checkRequiredFields, imageWarning, type FieldRequirements } from '../../../shared/signature/export-checks';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import { renderSignature, type RenderedSignature } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import {
  canWriteRichClipboard,
  copySelectedPreview,
  openGmailSettings,
  selectPreviewSignature,
  writeHtmlSourceToClipboard,
  writeSignatureToClipboard,
} from './clipboard';
import { showField } from './editor-focus';
import { firstMissingField } from './field-checks';
import { typedImageUrlNotAdded } from './pending-edits';
import { signatureRenderOptions } from './use-rendered-signature';
import type { SignatureDraft } from './use-signature-draft';
import { generateSignatureHtml } from '../../api/signatures';

/** The spec's durations: the export toast stays 8 s, the image-skipped note 5 s. */
export const EXPORT_TOAST_MS = 8000;
export const IMAGE_SKIPPED_TOAST_MS = 5000;

export const MANUAL_COPY_TOAST = {
  title: 'Manual copy needed',
  description:
    "Your browser did not let SignaturePro copy. Your signature is now selected in the preview: press Ctrl+C (⌘C on a Mac), then paste it into the Signature box in Gmail's settings and click Save Changes.",
  duration: EXPORT_TOAST_MS,
} as const;

const EXPORT_FAILED = 'Unable to copy signature. Please try again.';

/** The spec's name-and-email rule plus the organization's required fields; the server applies the same. */
function warnIfIncomplete(fields: SignatureFields, requirements: FieldRequirements): boolean {
  const check = checkRequiredFields(fields, requirements);
  if (check.ok) return false;
  toast({ title: check.title, description: check.description, variant: 'destructive' });
  const missing = firstMissingField(fields, requirements);
  if (missing) showField(missing);
  return true;
}

/** An address typed in Image URL but not added: exporting would leave out the image the person sees typed. */
function warnIfImageNotAdded(): boolean {
  if (typedImageUrlNotAdded() === '') return false;
  toast({
    title: 'Image URL not added',
    description:
      'The image address typed in Image URL is not in your signature yet. Press Enter in that field to add it, or clear the field, then export again.',
    variant: 'destructive',
    duration: EXPORT_TOAST_MS,
  });
  return true;
}

/**
 * The three buttons below the panel: Copy to Gmail, Copy HTML to Clipboard, Save Signature.
 *
 * Both copies write the clipboard inside the click (no await before navigator.clipboard.write):
 * the item is built from a promise of the server's answer, which Safari, Chromium and Firefox
 * accept within the gesture. Every output renders with `publicUrl`, the server's PUBLIC_URL.
 */
export function useExportActions(draft: SignatureDraft, user: CurrentUser | null, publicUrl: string) {
  const [copying, setCopying] = useState(false);
  const [saving, setSaving] = useState(false);
  const [generatedThisSession, setGeneratedThisSession] = useState(false);
  const options = signatureRenderOptions(publicUrl, user?.subscriptionStatus, draft.locks.banner);

  /**
   * The checks that stop an export before anything is written (required fields, Gmail's size
   * limit, in the server's words); the signature rendered here when it may go out.
   */
  function prepare(fields: SignatureFields): RenderedSignature | null {
    if (warnIfImageNotAdded()) return null;
    if (warnIfIncomplete(fields, draft.requirements)) return null;
    const local = renderSignature(fields, options);
    const { refusal } = checkGmailSize(fields, options, local);
    if (refusal) {
      toast({ title: refusal.title, description: refusal.message, variant: 'destructive', duration: EXPORT_TOAST_MS });
      return null;
    }
    return local;
  }

  // Signed in, the server saves and renders (its public URL, its watermark rule) and keeps the
  // HTML; a visitor's copy is the same render made here.
  function exportedSignature(local: RenderedSignature): Promise<RenderedSignature> {
    if (!user) return Promise.resolve(local);
    return draft
      .persistNow({ full: false })
      .then(({ id }) => generateSignatureHtml(id))
      .then((generated) => ({ html: generated.htmlSignature, text: generated.text }));
  }

  function copyToGmail(): Promise<void> {
    const fields = draft.fields;
    if (!fields || copying) return Promise.resolve();
    const local = prepare(fields);
    if (!local) return Promise.resolve();
    const warning = imageWarning(fields);
    if (warning)
      toast({
        title: warning.title,
        description: warning.note,
        variant: 'destructive',
        duration: IMAGE_SKIPPED_TOAST_MS,
      });
    const imageNote = warning ? " Your image was left out: Gmail doesn't support embedded images." : '';
    const copied = () =>
      toast({
        title: 'Copied to Gmail!',
        description: `Gmail settings opened in a new tab. Paste into the Signature box (Ctrl+V / ⌘V), then click Save Changes.${imageNote}`,
        variant: 'success',
        duration: EXPORT_TOAST_MS,
      });

    const rendered = exportedSignature(local);
    if (!canWriteRichClipboard()) {
      // No async clipboard: the legacy copy command, still inside the click, copies the selected
      // preview as it looks; else the preview stays selected for Ctrl+C.
      rendered.catch((error: unknown) => console.error('Generating the signature failed', error));
      if (copySelectedPreview()) {
        setGeneratedThisSession(true);
        openGmailSettings();
        copied();
      } else {
        toast(MANUAL_COPY_TOAST);
      }
      return Promise.resolve();
    }

    const written = writeSignatureToClipboard(rendered);
    openGmailSettings();
    setCopying(true);
    return Promise.allSettled([rendered, written])
      .then(([render, write]) => {
        if (render.status === 'rejected') {
          console.error('Copy to Gmail failed', render.reason);
          toast({
            title: 'Export failed',
            description: errorMessage(render.reason, EXPORT_FAILED),
            variant: 'destructive',
          });
        } else if (write.status === 'rejected') {
          console.error('Clipboard write failed', write.reason);
          setGeneratedThisSession(true);
          selectPreviewSignature();
          toast(MANUAL_COPY_TOAST);
        } else {
          setGeneratedThisSession(true);
          copied();
        }
      })
      .finally(() => setCopying(false));
  }

  function copyHtml(): Promise<void> {
    const fields = draft.fields;
    if (!fields) return Promise.resolve();
    if (!generatedThisSession && !draft.savedHtml) {
      toast({
        title: 'Generate HTML first',
        description: "Please click 'Export for Gmail' to generate the HTML signature.",
      });
      return Promise.resolve();
    }
    // Checked against the fields on screen, which may have been emptied or grown since.
    const local = prepare(fields);
    if (!local) return Promise.resolve();
    const html = exportedSignature(local).then((signature) => signature.html);
    const written = writeHtmlSourceToClipboard(html, local.html);
    return Promise.allSettled([html, written]).then(([render, write]) => {
      if (render.status === 'rejected') {
        console.error('Copy HTML failed', render.reason);
        toast({
          title: 'Copy failed',
          description: errorMessage(render.reason, EXPORT_FAILED),
          variant: 'destructive',
        });
      } else if (write.status === 'rejected') {
        console.error('Copy HTML failed', write.reason);
        toast({
          title: 'Copy failed',
          description: 'Your browser blocked the clipboard. Please try again.',
          variant: 'destructive',
        });
      } else {
        toast({
          title: 'Copied to clipboard!',
          description: 'The HTML source of your signature is on the clipboard.',
          variant: 'success',
        });
      }
    });
  }

  async function saveSignature() {
    const fields = draft.fields;
    if (!fields || saving || warnIfIncomplete(fields, draft.requirements)) return;
    if (!user) {
      openAuthDialog('signup');
      toast({
        title: 'Create a free account to save',
        description: 'Your signature stays in this browser while you sign up.',
      });
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
