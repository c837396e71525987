import { Dialog } from 'radix-ui';
import type { SavedSignature } from '../../../shared/signature/signature-schema';

/**
 * A full save was refused because the signature changed elsewhere (409, decision 0006). What was
 * typed here stays until the person chooses: Reload takes the stored copy, Overwrite saves this one.
 */
export function ConflictDialog(props: {
  conflict: SavedSignature | null;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Dialog.Root open={props.conflict !== null}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          data-testid="conflict-dialog"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-slate-100">
            This signature changed elsewhere
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            It was saved in another tab or on another device since you opened it. Reload to take that version (what you
            typed here since is dropped), or Overwrite to save yours over it.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <button
              type="button"
              onClick={props.onReload}
              className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Reload
            </button>
            <button
              type="button"
              onClick={props.onOverwrite}
              className="inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark"
            >
              Overwrite
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
