import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { installMine } from '../../api/signatures';

/**
 * "Install in Gmail": a person of an organization connected to Google Workspace
 * puts their organization signature into their Gmail with one click. Without a connection the
 * server's answer explains the copy-and-paste alternative, shown here in its words.
 */
export function InstallInGmailButton() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const install = async () => {
    setBusy(true);
    setNote(null);
    try {
      const result = await installMine();
      setNote({ ok: result.result === 'pushed' || result.result === 'unchanged', text: result.message });
    } catch (error) {
      const upgrade = error instanceof ApiError && error.status === 403;
      setNote({
        ok: false,
        text: upgrade
          ? `${error.message} Meanwhile, "Copy to Gmail" copies the signature for you to paste into Gmail.`
          : errorMessage(error, 'Could not install the signature. Use "Copy to Gmail" instead.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <Button variant="secondary" onClick={install} disabled={busy} aria-busy={busy} className="w-full">
        <MailCheck className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Installing...' : 'Install in Gmail'}
      </Button>
      {note && (
        <p
          role="status"
          data-testid="install-in-gmail-note"
          className={`mt-1.5 text-xs ${note.ok ? 'text-green-700' : 'text-slate-600'}`}
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
