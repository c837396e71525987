import { Archive, Printer, Reply, Star } from 'lucide-react';
import { memo, useDeferredValue, useMemo, type ReactNode } from 'react';
import { darkModeHtml, type DarkMode } from '../../../shared/signature/dark-mode';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import type { GmailSize } from '../../../shared/signature/gmail-size';
import type { RenderOptions } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { LIGHT_COPY_TEST_ID } from './clipboard';
import { FittedSignature } from './fitted-signature';
import { SignatureHtml } from './signature-html';
import { useRenderedSignature } from './use-rendered-signature';

const SAMPLE_SUBJECT = 'Following up on our conversation';
const NUMBER = new Intl.NumberFormat('en-US');

/** The message's colours in light mode and in Gmail's dark themes (#202124). */
const CHROME = {
  light: {
    card: 'border-slate-200 bg-white',
    rule: 'border-slate-100',
    strong: 'text-slate-900',
    muted: 'text-slate-500',
    chip: 'bg-slate-100 text-slate-600',
    body: 'text-slate-800',
  },
  dark: {
    card: 'border-[#3c4043] bg-[#202124]',
    rule: 'border-[#3c4043]',
    strong: 'text-[#e8eaed]',
    muted: 'text-[#9aa0a6]',
    chip: 'bg-[#3c4043] text-[#bdc1c6]',
    body: 'text-[#e8eaed]',
  },
};
type Chrome = (typeof CHROME)['light'];

/** One letter for the sender's avatar, as Gmail shows it; 'U' before a name is typed. */
export function avatarInitial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || 'U';
}

/** Above the limit: the same words the copy buttons and generate-html refuse with. Worked out off the typing path. */
const TrimAdviceFor = memo(function TrimAdviceFor({
  fields,
  options,
}: {
  fields: SignatureFields;
  options: RenderOptions;
}) {
  const refusal = useMemo(() => checkGmailSize(fields, options).refusal, [fields, options]);
  return refusal ? <p className="text-red-700">{refusal.message}</p> : null;
});

/** Deferred here, only while over: below the limit a keystroke schedules no second render for it. */
function TrimAdvice({ fields, options }: { fields: SignatureFields; options: RenderOptions }) {
  return <TrimAdviceFor fields={useDeferredValue(fields)} options={options} />;
}

/** What Gmail will store of the signature, against the limit we hold it to (gmail-size.ts); a warning from 8,000. */
function CharacterCount({
  size,
  fields,
  options,
}: {
  size: GmailSize;
  fields: SignatureFields;
  options: RenderOptions;
}) {
  const tone =
    size.status === 'over'
      ? 'font-semibold text-red-700'
      : size.status === 'warn'
        ? 'font-medium text-amber-700'
        : 'text-slate-500';
  return (
    <div className="grid gap-1 text-xs" data-testid="size-status" data-status={size.status}>
      <p data-testid="character-count" className={tone}>
        {NUMBER.format(size.stored)} / {NUMBER.format(size.limit)} characters as Gmail stores it
      </p>
      {size.status === 'warn' && (
        <p className="text-amber-700">
          Close to Gmail&apos;s limit of {NUMBER.format(size.limit)} characters: shorten a field or remove a link to
          keep room.
        </p>
      )}
      {size.status === 'over' && <TrimAdvice fields={fields} options={options} />}
    </div>
  );
}

/** The message's subject bar: static, rendered once (a keystroke re-renders none of it). */
const SubjectRow = memo(function SubjectRow({ c }: { c: Chrome }) {
  return (
    <div className={`flex items-center justify-between gap-4 border-b px-4 py-4 sm:px-6 ${c.rule}`}>
      <div className="flex min-w-0 items-center gap-3">
        <h3 className={`min-w-0 break-words text-lg font-normal sm:text-[22px] ${c.strong}`}>{SAMPLE_SUBJECT}</h3>
        <span className={`shrink-0 rounded px-1.5 py-0.5 text-xs ${c.chip}`}>Inbox</span>
      </div>
      <div className="hidden shrink-0 gap-3 text-slate-400 sm:flex" aria-hidden="true">
        <Printer className="h-4 w-4" />
        <Archive className="h-4 w-4" />
      </div>
    </div>
  );
});

const MessageActions = memo(function MessageActions({ c }: { c: Chrome }) {
  return (
    <div className={`flex shrink-0 items-center gap-3 text-xs ${c.muted}`}>
      <span>10:24 AM</span>
      <Star className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      <Reply className="hidden h-4 w-4 sm:block" aria-hidden="true" />
    </div>
  );
});

/** A mock Gmail message with the rendered signature under a short sample body. */
export function GmailPreview({
  fields,
  options,
  status,
  darkMode = null,
  controls,
}: {
  fields: SignatureFields;
  /** The export's render options (PUBLIC_URL, watermark rule): the preview shows exactly what is copied. */
  options: RenderOptions;
  status: ReactNode;
  /** Shows the message as one of Gmail's dark themes renders it (the export never changes). */
  darkMode?: DarkMode | null;
  /** Under the heading: the Dark mode switch. */
  controls?: ReactNode;
}) {
  const { preview, size } = useRenderedSignature(fields, options);
  const signatureHtml = useMemo(
    () => (darkMode ? darkModeHtml(preview.html, darkMode) : preview.html),
    [darkMode, preview.html],
  );
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
      <CharacterCount size={size} fields={fields} options={options} />
      {controls}
      <article
        className={`overflow-hidden rounded-xl border shadow-sm ${c.card}`}
        data-testid="preview-message"
        data-dark-mode={darkMode ?? 'off'}
      >
        <SubjectRow c={c} />
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
                {/* Wraps rather than cuts: a long name or address is shown whole (decision 0183). */}
                <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
                  <span className={`font-semibold ${c.strong}`}>{name}</span>{' '}
                  <span className={`text-xs ${c.muted}`}>&lt;{email}&gt;</span>
                </p>
                <MessageActions c={c} />
              </div>
              <p className={`text-xs ${c.muted}`}>to me</p>
            </div>
          </div>
          <div
            className={`mt-5 text-sm leading-6 sm:pl-[52px] ${c.body}`}
            style={{ fontFamily: 'Arial, Helvetica, sans-serif' }}
          >
            <p>Hi Alex,</p>
            <p className="mt-3">
              Thanks for taking the time to talk today. I&apos;ve attached the proposal we discussed — let me know if
              you have any questions.
            </p>
            <p className="mt-3">Best regards,</p>
            {/* Images as sent: neither dark theme recolours them (decision 0171). */}
            <FittedSignature html={signatureHtml} />
            {/* What the manual-copy fallback selects while the preview shows a dark theme: the
                signature as sent, kept off screen (selectable, unlike display:none). */}
            {darkMode && (
              <div aria-hidden="true" className="fixed -left-[10000px] top-0">
                <SignatureHtml html={preview.html} testId={LIGHT_COPY_TEST_ID} />
              </div>
            )}
          </div>
        </div>
      </article>
    </section>
  );
}
