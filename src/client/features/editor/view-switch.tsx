import { Eye, PencilLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { setEditorView, type EditorView } from './editor-focus';

const VIEWS: { view: EditorView; label: string; icon: typeof Eye }[] = [
  { view: 'edit', label: 'Edit', icon: PencilLine },
  { view: 'preview', label: 'Preview', icon: Eye },
];

/**
 * Edit | Preview, for narrow screens only (decision 0181): the preview one tap away instead of
 * under the whole form. It stays at the top while the form scrolls, with the save status beside it.
 */
export function ViewSwitch({ view, status }: { view: EditorView; status: ReactNode }) {
  const choose = (next: EditorView) => {
    setEditorView(next);
    // The chosen view starts at its top, under this bar, wherever the other one was scrolled to.
    window.scrollTo({ top: 0 });
  };
  return (
    <div
      className="sticky top-0 z-20 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur"
      data-testid="view-switch"
    >
      <div role="group" aria-label="Show" className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {VIEWS.map(({ view: option, label, icon: Icon }) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => choose(option)}
            className="inline-flex h-8 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      <div className="min-w-0">{status}</div>
    </div>
  );
}
