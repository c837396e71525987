import type { DefaultTemplate } from '../../../shared/validation/account-schemas';

type Props = { template: DefaultTemplate; primaryColor: string; secondaryColor: string };

const SAMPLE = { name: 'Jordan Lee', title: 'Head of Sales', company: 'Acme Inc', phone: '+1 555 0100', email: 'jordan@acme.com' };

/** A sketch of how each template sets out a signature in the chosen colours (the editor shows the real one). */
export function DefaultsPreview({ template, primaryColor, secondaryColor }: Props) {
  const initials = <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white" style={{ background: primaryColor }}>JL</span>;
  const lines = (
    <p className="text-xs leading-5" style={{ color: secondaryColor }}>
      {SAMPLE.phone} · {SAMPLE.email}
    </p>
  );
  let body;
  if (template === 'minimal') {
    body = (
      <div>
        <p className="text-sm font-semibold text-slate-900">{SAMPLE.name}</p>
        <p className="text-xs" style={{ color: secondaryColor }}>
          {SAMPLE.title}, {SAMPLE.company}
        </p>
        {lines}
      </div>
    );
  } else if (template === 'modern') {
    body = (
      <div className="flex gap-3 border-l-4 pl-3" style={{ borderColor: primaryColor }}>
        <div>
          <p className="text-base font-extrabold uppercase tracking-wide" style={{ color: primaryColor }}>
            {SAMPLE.name}
          </p>
          <p className="text-xs font-medium" style={{ color: secondaryColor }}>
            {SAMPLE.title} | {SAMPLE.company}
          </p>
          {lines}
        </div>
      </div>
    );
  } else if (template === 'creative') {
    body = (
      <div className="flex flex-col items-center text-center">
        {initials}
        <p className="mt-2 text-sm font-bold" style={{ color: primaryColor }}>
          {SAMPLE.name}
        </p>
        <p className="text-xs italic" style={{ color: secondaryColor }}>
          {SAMPLE.title} at {SAMPLE.company}
        </p>
        <span className="my-1.5 h-0.5 w-12 rounded" style={{ background: primaryColor }} />
        {lines}
      </div>
    );
  } else {
    body = (
      <div className="flex items-start gap-3">
        {initials}
        <div>
          <p className="text-sm font-bold" style={{ color: primaryColor }}>
            {SAMPLE.name}
          </p>
          <p className="text-xs" style={{ color: secondaryColor }}>
            {SAMPLE.title} · {SAMPLE.company}
          </p>
          <span className="my-1.5 block h-px w-40" style={{ background: primaryColor }} />
          {lines}
        </div>
      </div>
    );
  }
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4" aria-label="Preview of the default signature style">
      <p className="mb-3 text-xs text-slate-400">Best regards,</p>
      {body}
    </figure>
  );
}
