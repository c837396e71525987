import { Mail, Save } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useInstallInGmail } from './install-in-gmail';
import { lazyOpener } from '../../components/ui/lazy-opener';
import { MoreWaysButton } from './more-ways-button';
import type { MoreWaysProps } from './more-ways-menu';

// The menu (Radix, floating-ui) follows the editor's first paint: the route's 250 KB budget.
const MoreWaysMenu = lazyOpener<MoreWaysProps>(
  () => import('./more-ways-menu').then((m) => m.MoreWaysMenu),
  ({ onOpen }) => <MoreWaysButton onClick={onOpen} />,
);

/**
 * Under the form: one primary action, Copy to Gmail, and every other way to install in the
 * "More ways" menu (decision 0182). Save Signature shows only while autosave cannot save: for a
 * visitor, before the signature exists on the server, and while a save is failing. On a phone the
 * bar stays at the bottom of the screen in both views.
 */
export function ExportButtons(
  props: Omit<MoreWaysProps, 'installing' | 'onInstallInGmail'> & {
    copying: boolean;
    saving: boolean;
    showSave: boolean;
    onCopyToGmail: () => void;
    onSave: () => void;
  },
) {
  const { installing, note, install } = useInstallInGmail();
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 grid gap-2 border-t border-slate-200 bg-white p-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] lg:static lg:p-4 lg:shadow-none"
      data-testid="export-actions"
    >
      <div className="flex gap-2">
        <Button
          onClick={props.onCopyToGmail}
          disabled={props.copying}
          aria-busy={props.copying}
          className="min-w-0 flex-1"
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          {props.copying ? 'Copying...' : 'Copy to Gmail'}
        </Button>
        <MoreWaysMenu {...props} installing={installing} onInstallInGmail={() => void install()} />
      </div>
      {props.showSave && (
        <Button
          variant="secondary"
          onClick={props.onSave}
          disabled={props.saving}
          aria-busy={props.saving}
          className="w-full"
        >
          <Save className="h-4 w-4" aria-hidden="true" />
          {props.saving ? 'Saving...' : 'Save Signature'}
        </Button>
      )}
      {note && (
        <p
          role="status"
          data-testid="install-in-gmail-note"
          className={`text-xs ${note.ok ? 'text-green-700' : 'text-slate-600'}`}
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
