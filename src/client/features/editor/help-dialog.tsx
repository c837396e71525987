import { CircleHelp } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense } from 'react';

const HelpContent = lazy(() => import('./help-content').then((m) => ({ default: m.HelpContent })));

/** The '?' button in the header and the three installation steps. */
export function HelpDialog() {
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label="Help"
        title="How to install your signature"
        className="flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <CircleHelp className="h-5 w-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Suspense fallback={null}>
          <HelpContent />
        </Suspense>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
