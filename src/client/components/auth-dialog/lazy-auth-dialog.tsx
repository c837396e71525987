import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useAuthDialog } from './auth-dialog-store';

// The dialog brings react-hook-form, zod and Radix Dialog: most visitors never open it, so it is
// fetched on first open (or when a pointer or focus reaches a button that opens it).
const importAuthDialog = () => import('./auth-dialog');

export function preloadAuthDialog() {
  void importAuthDialog();
}

/** A host component that renders nothing until the dialog is first opened, then keeps it mounted. */
export function createLazyAuthDialog(load: () => Promise<{ default: ComponentType }>) {
  const Dialog = lazy(load);
  return function LazyAuthDialog() {
    const { open } = useAuthDialog();
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog />
      </Suspense>
    );
  };
}

/** For the app's root layout, inside its router. */
export const LazyAuthDialog = createLazyAuthDialog(() => importAuthDialog().then((m) => ({ default: m.AuthDialog })));
