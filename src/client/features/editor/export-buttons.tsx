import { Code, Mail, Save } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { InstallInGmailButton } from './install-in-gmail';

export function ExportButtons(props: {
  copying: boolean;
  saving: boolean;
  onCopyToGmail: () => void;
  onCopyHtml: () => void;
  onSave: () => void;
}) {
  return (
    <div className="grid gap-2 border-t border-slate-200 bg-white p-4">
      <Button onClick={props.onCopyToGmail} disabled={props.copying} aria-busy={props.copying} className="w-full">
        <Mail className="h-4 w-4" aria-hidden="true" />
        {props.copying ? 'Copying...' : 'Copy to Gmail'}
      </Button>
      <Button variant="secondary" onClick={props.onCopyHtml} className="w-full">
        <Code className="h-4 w-4" aria-hidden="true" />
        Copy HTML to Clipboard
      </Button>
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
      <InstallInGmailButton />
    </div>
  );
}
