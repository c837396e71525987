import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export const DIALOG_OVERLAY = 'fixed inset-0 z-50 bg-slate-900/50';
export const DIALOG_PANEL =
  'fixed left-1/2 top-1/2 z-50 max-h-screen w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl';
export const DIALOG_TITLE = 'text-lg font-semibold text-slate-900';
export const DIALOG_DESCRIPTION = 'mt-1 text-sm text-slate-600';

/**
 * The app's one modal dialog: overlay, centred panel, title and description (a screen reader
 * always hears one; without a description, the title again). Escape and the overlay close it.
 */
export function Dialog(props: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  /** A × in the corner, for dialogs with no button of their own that closes them. */
  closeButton?: boolean;
  /** The id of the control to focus on opening (the first field of a form); Radix's first focusable otherwise. */
  initialFocus?: string;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={props.open} onOpenChange={(open) => !open && props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={DIALOG_OVERLAY} />
        <RadixDialog.Content
          className={DIALOG_PANEL}
          onOpenAutoFocus={(e) => {
            const target = props.initialFocus ? document.getElementById(props.initialFocus) : null;
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
        >
          <RadixDialog.Title className={DIALOG_TITLE}>{props.title}</RadixDialog.Title>
          <RadixDialog.Description className={props.description ? DIALOG_DESCRIPTION : 'sr-only'}>
            {props.description ?? props.title}
          </RadixDialog.Description>
          {props.children}
          {props.closeButton && (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100"
            >
              ×
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
