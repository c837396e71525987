import { useEffect, useRef, useState } from 'react';
import { TEMPLATE_INFO, type Template } from '../../../shared/signature/template-info';
import { callPublic } from '../../api/public';
import { LandingSection } from './landing-section';

/**
 * The four templates from the one catalogue: names and descriptions come with
 * the page; each preview is the real renderer's HTML (drawn by the server with the public origin),
 * loaded as the section nears the screen.
 */
export function TemplatesSection() {
  const sectionRef = useRef<HTMLElement>(null);
  const [previews, setPreviews] = useState<Record<Template, string> | null>(null);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section) return;
    let cancelled = false;
    const load = () => {
      callPublic('templatePreviews')
        .then((html) => {
          if (!cancelled) setPreviews(html);
        })
        // The names and descriptions still stand without the pictures.
        .catch(() => undefined);
    };
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        cancelled = true;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '400px' },
    );
    observer.observe(section);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, []);

  return (
    <LandingSection
      sectionRef={sectionRef}
      id="templates"
      className="bg-white pb-10 pt-10 sm:pb-12"
      eyebrow="Templates"
      title={`${TEMPLATE_INFO.length} templates, drawn as Gmail shows them`}
    >
      <ul className="mt-14 grid gap-6 sm:grid-cols-2">
        {TEMPLATE_INFO.map(({ id, label, description }) => (
          <li
            key={id}
            data-testid={`template-${id}`}
            className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6"
          >
            <h3 className="text-lg font-semibold text-slate-900">{label}</h3>
            <p className="mt-2 leading-7 text-slate-600">{description}</p>
            <div
              className="mt-5 min-h-40 overflow-x-auto rounded-xl border border-slate-200 bg-white p-4"
              aria-busy={previews === null}
            >
              {previews && (
                // The renderer escapes every value: this is the HTML Gmail would receive.
                <div data-testid="template-preview" dangerouslySetInnerHTML={{ __html: previews[id] }} />
              )}
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
