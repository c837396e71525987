import { Toast } from 'radix-ui';
import { TOAST_DEFAULT_DURATION, dismissToast, useToasts } from '../../lib/toast-store';

const variantClass = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-200 bg-white text-slate-900',
  destructive: 'border-red-300 bg-red-600 text-white',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DEFAULT_DURATION}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration ?? TOAST_DEFAULT_DURATION}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 ${variantClass[t.variant ?? 'default']}`}
          data-testid="toast"
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          {t.action && (
            <Toast.Action
              altText={t.action.altText}
              onClick={t.action.onSelect}
              className="ml-auto shrink-0 self-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50"
            >
              {t.action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 text-current opacity-70 hover:opacity-100"
          >
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        // Above the editor's action bar, which a narrow screen keeps at its bottom (decision 0181).
        className="fixed bottom-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px] lg:bottom-0"
      />
    </Toast.Provider>
  );
}
