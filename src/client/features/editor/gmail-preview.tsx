import { Archive, Printer, Reply, Star } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { darkModeHtml, type DarkMode } from '../../../shared/signature/dark-mode';
import { GMAIL_SIGNATURE_MAX_CHARS } from '../../../shared/signature/export-checks';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { useRenderedSignature } from './use-rendered-signature';

const SAMPLE_SUBJECT = 'Following up on our conversation';

/** The message's colours in light mode and in Gmail's dark themes (#202124). */
const CHROME = {
  light: { card: 'border-slate-200 bg-white', rule: 'border-slate-100', strong: 'text-slate-900', muted: 'text-slate-500', chip: 'bg-slate-100 text-slate-600', body: 'text-slate-800' },
  dark: { card: 'border-[#3c4043] bg-[#202124]', rule: 'border-[#3c4043]', strong: 'text-[#e8eaed]', muted: 'text-[#9aa0a6]', chip: 'bg-[#3c4043] text-[#bdc1c6]', body: 'text-[#e8eaed]' },
};
const NUMBER = new Intl.NumberFormat('en-US');

/** One letter for the sender's avatar, as Gmail shows it; 'U' before a name is typed. */
export function avatarInitial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || 'U';
}

function CharacterCount({ length }: { length: number }) {
  const over = length > GMAIL_SIGNATURE_MAX_CHARS;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
      <p data-testid="character-count" className={over ? 'font-semibold text-red-600' : 'text-slate-500'}>
        {NUMBER.format(length)} / {NUMBER.format(GMAIL_SIGNATURE_MAX_CHARS)} characters
      </p>
      {over && <p className="text-red-600">Gmail refuses signatures this long. Shorten a field or remove a link.</p>}
    </div>
  );
}

/** A mock Gmail message with the rendered signature under a short sample body. */
export function GmailPreview({
  fields,
  showWatermark,
  status,
  darkMode = null,
  controls,
}: {
  fields: SignatureFields;
  showWatermark: boolean;
  status: ReactNode;
  /** Shows the message as one of Gmail's dark themes renders it (the export never changes). */
  darkMode?: DarkMode | null;
  /** Beside the heading: the Dark mode switch. */
  controls?: ReactNode;
}) {
  const { exported, preview } = useRenderedSignature(fields, showWatermark);
  const signatureHtml = useMemo(() => (darkMode ? darkModeHtml(preview.html, darkMode) : preview.html), [darkMode, preview.html]);
  const c = darkMode ? CHROME.dark : CHROME.light;
  const name = fields.name.trim() || 'Your Name';
  const email = fields.email.trim() || 'you@example.com';
  return (
    <section aria-labelledby="preview-heading" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-base font-semibold text-slate-900">
          Gmail Preview
        </h2>
        {status}
      </div>
      {controls}
      <article className={`overflow-hidden rounded-xl border shadow-sm ${c.card}`} data-testid="preview-message" data-dark-mode={darkMode ?? 'off'}>
        <div className={`flex items-center justify-between gap-4 border-b px-4 py-4 sm:px-6 ${c.rule}`}>
          <div className="flex min-w-0 items-center gap-3">
            <h3 className={`truncate text-lg font-normal sm:text-[22px] ${c.strong}`}>{SAMPLE_SUBJECT}</h3>
            <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${c.chip}`}>Inbox</span>
          </div>
          <div className="hidden shrink-0 gap-3 text-slate-400 sm:flex" aria-hidden="true">
            <Printer className="h-4 w-4" />
            <Archive className="h-4 w-4" />
          </div>
        </div>
        <div className="px-4 py-5 sm:px-6">
          <div className="flex items-start gap-3">
            <div
              aria-hidden="true"
              data-testid="preview-avatar"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-base font-medium text-white"
              style={{ backgroundColor: fields.design.primaryColor }}
            >
              {avatarInitial(fields.name)}
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex items-baseline justify-between gap-3">
                <p className="truncate text-sm">
                  <span className={`font-semibold ${c.strong}`}>{name}</span>{' '}
                  <span className={`text-xs ${c.muted}`}>&lt;{email}&gt;</span>
                </p>
                <div className={`flex shrink-0 items-center gap-3 text-xs ${c.muted}`}>
                  <span>10:24 AM</span>
                  <Star className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                  <Reply className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                </div>
              </div>
              <p className={`text-xs ${c.muted}`}>to me</p>
            </div>
          </div>
          <div className={`mt-5 text-sm leading-6 sm:pl-[52px] ${c.body}`} style={{ fontFamily: 'Arial, Helvetica, sans-serif' }}>
            <p>Hi Alex,</p>
            <p className="mt-3">
              Thanks for taking the time to talk today. I&apos;ve attached the proposal we discussed — let me know if you have any
              questions.
            </p>
            <p className="mt-3">Best regards,</p>
            <div
              data-testid="signature-preview"
              // The full theme (iOS) inverts the images too: DARK_IMAGE_FILTER, written out for Tailwind.
              className={`mt-4 overflow-x-auto [&_img]:max-w-none ${darkMode === 'full' ? '[&_img]:[filter:invert(1)_hue-rotate(180deg)]' : ''}`}
              // The renderer escapes every value; this is exactly the HTML Gmail receives (recoloured in dark mode).
              dangerouslySetInnerHTML={{ __html: signatureHtml }}
            />
          </div>
        </div>
      </article>
      <CharacterCount length={exported.html.length} />
    </section>
  );
}
