import { ClipboardCheck, Globe, Mail, Phone } from 'lucide-react';

const SOCIAL = [
  { label: 'in', color: '#0a66c2' },
  { label: 'X', color: '#111827' },
  { label: 'IG', color: '#c13584' },
  { label: 'GH', color: '#181717' },
];

/** A Gmail message ending in a signature: what the product makes, drawn in HTML so it costs no image. */
export function SignatureMockup() {
  return (
    <div className="relative mx-auto w-full max-w-lg lg:mx-0">
      <div
        role="img"
        aria-label="Example: a Gmail message that ends with a professional signature with photo, contact details and social icons"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10"
      >
        <div className="flex items-center justify-between bg-slate-800 px-4 py-2.5 text-sm text-white">
          <span className="font-medium">New Message</span>
          <span className="flex gap-1.5" aria-hidden="true">
            <span className="h-2.5 w-2.5 rounded-full bg-slate-500" />
            <span className="h-2.5 w-2.5 rounded-full bg-slate-500" />
            <span className="h-2.5 w-2.5 rounded-full bg-slate-500" />
          </span>
        </div>
        <div className="divide-y divide-slate-100 px-5 text-sm text-slate-600">
          <p className="py-2.5">
            <span className="text-slate-500">To</span>{' '}
            <span className="ml-2 text-slate-800">jordan@brightline.example</span>
          </p>
          <p className="py-2.5 text-slate-800">Proposal for the Q3 campaign</p>
        </div>
        <div className="px-5 pb-6 pt-4 text-sm leading-6 text-slate-700">
          <p>Hi Jordan,</p>
          <p className="mt-2">
            Thanks for the call today. The proposal is attached; happy to walk through it on Thursday.
          </p>
          <p className="mt-2">Best regards,</p>
          <div
            className="mt-5 flex gap-4 border-t border-dashed border-slate-200 pt-5"
            style={{ fontFamily: 'Arial, sans-serif' }}
          >
            <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand to-indigo-500 text-xl font-bold text-white">
              AM
            </div>
            <div className="min-w-0 border-l-2 border-brand pl-4">
              <p className="text-base font-bold text-slate-900">Alex Morgan</p>
              <p className="text-slate-600">Head of Partnerships</p>
              <p className="font-semibold text-brand-dark">Northwind Studio</p>
              <div className="mt-2 grid gap-0.5 text-[13px] text-slate-600">
                <span className="flex items-center gap-1.5">
                  <Phone className="h-3.5 w-3.5 text-brand" aria-hidden="true" /> +1 (415) 555-0134
                </span>
                <span className="flex items-center gap-1.5">
                  <Mail className="h-3.5 w-3.5 text-brand" aria-hidden="true" /> alex@northwind.example
                </span>
                <span className="flex items-center gap-1.5">
                  <Globe className="h-3.5 w-3.5 text-brand" aria-hidden="true" /> northwind.example
                </span>
              </div>
              <div className="mt-3 flex gap-1.5">
                {SOCIAL.map((s) => (
                  <span
                    key={s.label}
                    className="flex h-6 w-6 items-center justify-center rounded text-[10px] font-bold text-white"
                    style={{ backgroundColor: s.color }}
                  >
                    {s.label}
                  </span>
                ))}
              </div>
            </div>
          </div>
        </div>
        <div className="flex items-center gap-3 border-t border-slate-100 px-5 py-3">
          <span className="rounded-full bg-brand px-5 py-1.5 text-sm font-semibold text-white">Send</span>
        </div>
      </div>
      <div
        aria-hidden="true"
        className="absolute -bottom-5 -right-3 hidden items-center gap-2 rounded-xl border border-emerald-200 bg-white px-4 py-2.5 text-sm font-semibold text-emerald-700 shadow-lg sm:flex"
      >
        <ClipboardCheck className="h-5 w-5" />
        Copied to Gmail!
      </div>
    </div>
  );
}
