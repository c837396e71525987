import type { ReactNode } from 'react';

/** The short heading each tab opens with, so the four tabs read the same way. */
export function TabIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children && <p className="text-xs text-slate-500">{children}</p>}
    </div>
  );
}

/** A titled group of controls inside a tab. */
export function PanelSection(props: { title: string; titleId?: string; hint?: ReactNode; children: ReactNode }) {
  const { title, titleId, hint, children } = props;
  return (
    <section className="grid gap-3 border-t border-slate-100 pt-4 first:border-t-0 first:pt-0">
      <div className="grid gap-0.5">
        <h3 id={titleId} className="text-sm font-medium text-slate-800">
          {title}
        </h3>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
      </div>
      {children}
    </section>
  );
}
