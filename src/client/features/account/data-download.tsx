import { Download } from 'lucide-react';
import { useState } from 'react';
import { fetchExport, type ExportKind } from '../../api/files';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { SectionCard } from './account-ui';

/** Fetches an export and hands it to the browser as a file; an error answer becomes a toast, never a saved file. */
async function saveExport(kind: ExportKind): Promise<string> {
  const { name, file } = await fetchExport(kind);
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** "Download my data" (Profile) and "Download organization data" (Organization, owner only). */
export function DataDownloadCard(props: {
  id: string;
  title: string;
  description: string;
  kind: ExportKind;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const name = await saveExport(props.kind);
      toast({ title: 'Download ready', description: `Saved as ${name}.`, variant: 'success' });
    } catch (error) {
      toast({ title: 'Download failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard id={props.id} title={props.title} description={props.description}>
      <Button variant="secondary" onClick={() => void onClick()} disabled={busy}>
        <Download aria-hidden="true" className="size-4" />
        {busy ? 'Preparing…' : props.label}
      </Button>
    </SectionCard>
  );
}
