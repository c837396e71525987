import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

type Report = (id: string, dirty: boolean) => void;

const UnsavedChangesContext = createContext<Report | null>(null);

/**
 * The account area's one save model: a form with unsaved changes asks before the person opens
 * another section, goes back to the editor or closes the tab, instead of dropping the change
 * without a word. Each form reports whether it differs from what is saved (`useReportUnsaved`);
 * one blocker for the whole area, as the router allows only one.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const dirty = dirtyForms.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const report = useCallback<Report>(
    (id, formDirty) =>
      setDirtyForms((current) => {
        if (current.has(id) === formDirty) return current;
        const next = new Set(current);
        if (formDirty) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="Leave without saving?"
        description="You have unsaved changes in this section. If you leave now, they are lost."
        cancelLabel="Stay"
        confirmLabel="Leave without saving"
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </UnsavedChangesContext.Provider>
  );
}

/** A form tells the guard whether it holds unsaved changes; it stops counting when it unmounts. */
export function useReportUnsaved(dirty: boolean) {
  const report = useContext(UnsavedChangesContext);
  const id = useId();
  useEffect(() => {
    report?.(id, dirty);
  }, [report, id, dirty]);
  useEffect(() => () => report?.(id, false), [report, id]);
}
