import { Dialog } from 'radix-ui';
import { lazy, Suspense } from 'react';
import type { OpensOnArrival } from '../../components/ui/lazy-opener';
import { HelpButton } from './help-button';

const HelpContent = lazy(() => import('./help-content').then((m) => ({ default: m.HelpContent })));

/** The '?' button in the header and the three installation steps. */
export function HelpDialog({ defaultOpen }: OpensOnArrival) {
  return (
    <Dialog.Root defaultOpen={defaultOpen}>
      <Dialog.Trigger asChild>
        <HelpButton />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Suspense fallback={null}>
          <HelpContent />
        </Suspense>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
