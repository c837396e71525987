import { History, LoaderCircle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { SignatureVersionSummary } from '../../../shared/api/signatures';
import type { SavedSignature } from '../../../shared/signature/signature-schema';
import { TEMPLATE_LABELS, type Template } from '../../../shared/signature/template-info';
import { listSignatureVersions, restoreSignatureVersion } from '../../api/signature-versions';
import { toast } from '../../lib/toast-store';

type Listing =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; versions: SignatureVersionSummary[] };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Try again.');

function savedAtText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "Earlier versions" of the signature shown (docs/decisions/0188): the ones the server keeps,
 * newest first, each with Restore. Edits still waiting are saved first, so what is here now is
 * kept as a version too and the restore can be undone from this list.
 */
export function VersionsDialog(props: {
  signatureId: string;
  /** Saves the edits still waiting; rejects when they cannot be saved. */
  saveWaiting: () => Promise<unknown>;
  onRestored: (stored: SavedSignature) => void;
  onClose: () => void;
}) {
  const { signatureId } = props;
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [restoring, setRestoring] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listSignatureVersions(signatureId).then(
      (versions) => live && setListing({ state: 'ready', versions }),
      (error: unknown) => live && setListing({ state: 'failed', message: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [signatureId]);

  async function restore(version: SignatureVersionSummary) {
    setRestoring(version.id);
    try {
      await props.saveWaiting();
      const stored = await restoreSignatureVersion(signatureId, version.id);
      props.onRestored(stored);
      toast({
        title: 'Earlier version restored',
        description: `Saved from ${savedAtText(version.savedAt)}.`,
        variant: 'success',
      });
      props.onClose();
    } catch (error) {
      toast({ title: 'Could not restore that version', description: messageOf(error), variant: 'destructive' });
      setRestoring(null);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid="versions-dialog"
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-5 shadow-xl sm:p-6"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <History className="h-5 w-5 text-slate-500" aria-hidden="true" />
            Earlier versions
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            One is kept for every ten minutes of editing, the last 20. Restore saves that version as this signature;
            what you have now is kept here too.
          </Dialog.Description>
          <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
            {listing.state === 'loading' && (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
                <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
                Loading earlier versions…
              </p>
            )}
            {listing.state === 'failed' && (
              <p role="alert" className="text-sm text-red-700">
                {listing.message}
              </p>
            )}
            {listing.state === 'ready' && listing.versions.length === 0 && (
              <p className="text-sm text-slate-600">
                No earlier versions yet. When you change this signature, the version before your changes is kept here.
              </p>
            )}
            {listing.state === 'ready' && listing.versions.length > 0 && (
              <ul className="grid gap-2" aria-label="Earlier versions, newest first">
                {listing.versions.map((version) => (
                  <li
                    key={version.id}
                    data-testid="signature-version"
                    className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2"
                  >
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="text-sm font-medium text-slate-900">{savedAtText(version.savedAt)}</span>
                      <span className="truncate text-xs text-slate-500">
                        {[version.name, version.title].filter(Boolean).join(' · ') || 'No name'} ·{' '}
                        {TEMPLATE_LABELS[version.template as Template] ?? version.template}
                      </span>
                    </span>
                    <button
                      type="button"
                      disabled={restoring !== null}
                      aria-busy={restoring === version.id}
                      onClick={() => void restore(version)}
                      className="inline-flex h-9 shrink-0 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
                    >
                      {restoring === version.id ? 'Restoring…' : 'Restore'}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="mt-4 flex justify-end">
            <Dialog.Close className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Close
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
