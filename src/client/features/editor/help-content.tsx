import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { GMAIL_SETTINGS_URL } from './clipboard';

const STEPS = [
  {
    title: 'Copy the HTML',
    body: "Click 'Copy to Gmail' below the editor. Your signature is copied and Gmail's settings open in a new tab.",
  },
  {
    title: 'Open Gmail settings',
    body: "In Gmail, click the gear icon, then 'See all settings', and stay on the 'General' tab.",
  },
  {
    title: 'Paste and save',
    body: "Scroll to the 'Signature' section, paste your signature into the box (Ctrl+V / ⌘V), then click 'Save Changes' at the bottom of the page.",
  },
] as const;

/** The three installation steps, loaded when the '?' button is first pressed (decision 0184). */
export function HelpContent() {
  return (
    <>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
        <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">
          How to Install Your Gmail Signature
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-slate-600">Three steps, about a minute.</Dialog.Description>
        <ol className="mt-5 grid gap-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand/10 text-sm font-semibold text-brand"
              >
                {index + 1}
              </span>
              <div className="grid gap-0.5">
                <p className="text-sm font-medium text-slate-900">{step.title}</p>
                <p className="text-sm text-slate-600">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex justify-end gap-2">
          <a
            href={GMAIL_SETTINGS_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-brand hover:bg-brand/5"
          >
            Open Gmail settings
          </a>
          <Dialog.Close className="inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark">
            Got it
          </Dialog.Close>
        </div>
        <Dialog.Close
          aria-label="Close"
          className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Dialog.Close>
      </Dialog.Content>
    </>
  );
}
