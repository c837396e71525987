import { useState } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { renderGmailAppText } from '../../../shared/signature/plain-text-signature';
import type { RenderOptions } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { sendSignatureTestEmail } from '../../api/signatures';

/** The Gmail apps' signature: plain text from the fields on screen, written inside the click. */
export async function copyForGmailApp(fields: SignatureFields, options: RenderOptions): Promise<void> {
  const text = renderGmailAppText(fields, { publicUrl: options.publicUrl, showWatermark: options.showWatermark });
  if (text === '') {
    toast({
      title: 'Nothing to copy yet',
      description: 'Add your name in the Details tab first.',
      variant: 'destructive',
    });
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: 'Copied for the Gmail app',
      description:
        'In the Gmail app, open Settings, tap your account, then Signature settings (iPhone) or Mobile signature (Android), and paste.',
      variant: 'success',
    });
  } catch (error) {
    console.error('Copy for the Gmail app failed', error);
    toast({
      title: 'Copy failed',
      description: 'Your browser blocked the clipboard. Please try again.',
      variant: 'destructive',
    });
  }
}

/** Where a test email would go, in the words shown under its menu item. */
export function testEmailNote(user: CurrentUser | null): string {
  if (!user) return 'Log in to get a test email at your own address.';
  if (!user.emailVerified) return `Verify ${user.email} first to get a test email.`;
  return `To ${user.email}, to open in Gmail, Outlook and Apple Mail.`;
}

/**
 * "Send me a test email": the server mails the stored signature, so what is on screen is saved
 * first (`persist` answers its id).
 */
export function useTestEmail(user: CurrentUser | null, persist: () => Promise<{ id: string }>) {
  const [sending, setSending] = useState(false);
  async function sendTestEmail() {
    if (!user) {
      toast({
        title: 'Log in to get a test email',
        description: 'We send the test to your own address, so we need to know it: log in or create a free account.',
      });
      openAuthDialog('login');
      return;
    }
    if (!user.emailVerified) {
      toast({
        title: 'Verify your email first',
        description: `We only send test emails to a confirmed address. Enter the code we sent to ${user.email}.`,
        variant: 'destructive',
      });
      return;
    }
    if (sending) return;
    setSending(true);
    try {
      const { id } = await persist();
      const sent = await sendSignatureTestEmail(id);
      toast({
        title: 'Test email sent',
        description: `Sent to ${sent.to}. Open it in Gmail, Outlook and Apple Mail to see your signature as recipients will.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Test email not sent',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  }
  return { sending, sendTestEmail };
}
