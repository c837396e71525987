import type { ReactNode, Ref } from 'react';

/**
 * A section of the landing page: the anchor the header links to (`#id`), a centred eyebrow, title
 * and intro, then its content. `narrow` is the FAQ's single reading column.
 */
export function LandingSection({
  id,
  className,
  eyebrow,
  title,
  intro,
  narrow = false,
  sectionRef,
  children,
}: {
  id: string;
  className: string;
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  narrow?: boolean;
  sectionRef?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section ref={sectionRef} id={id} aria-labelledby={`${id}-title`} className={`scroll-mt-20 ${className}`}>
      <div className={`mx-auto px-4 sm:px-6 ${narrow ? 'max-w-3xl' : 'max-w-6xl'}`}>
        <div className={narrow ? 'text-center' : 'mx-auto max-w-2xl text-center'}>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-dark">{eyebrow}</p>
          <h2 id={`${id}-title`} className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
