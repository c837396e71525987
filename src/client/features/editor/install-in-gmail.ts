import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { installMine } from '../../api/signatures';

export type InstallNote = { ok: boolean; text: string };

/**
 * "Install in Gmail": a person of an organization connected to Google Workspace puts their
 * organization signature into their Gmail with one click. Without a connection the server's
 * answer explains the copy-and-paste alternative, shown under the buttons in its words.
 */
export function useInstallInGmail() {
  const [installing, setInstalling] = useState(false);
  const [note, setNote] = useState<InstallNote | null>(null);
  const install = async () => {
    setInstalling(true);
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
      setInstalling(false);
    }
  };
  return { installing, note, install };
}
