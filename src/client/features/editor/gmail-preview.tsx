import { Archive, Printer, Reply, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { GMAIL_SIGNATURE_MAX_CHARS } from '../../../shared/signature/export-checks';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { useRenderedSignature } from './use-rendered-signature';

const SAMPLE_SUBJECT = 'Following up on our conversation';
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
}: {
  fields: SignatureFields;
  showWatermark: boolean;
  status: ReactNode;
}) {
  const { exported, preview } = useRenderedSignature(fields, showWatermark);
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
      <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex items-center justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <h3 className="truncate text-lg font-normal text-slate-900 sm:text-[22px]">{SAMPLE_SUBJECT}</h3>
            <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">Inbox</span>
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
                  <span className="font-semibold text-slate-900">{name}</span>{' '}
                  <span className="text-xs text-slate-500">&lt;{email}&gt;</span>
                </p>
                <div className="flex shrink-0 items-center gap-3 text-xs text-slate-500">
                  <span>10:24 AM</span>
                  <Star className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                  <Reply className="hidden h-4 w-4 sm:block" aria-hidden="true" />
                </div>
              </div>
              <p className="text-xs text-slate-500">to me</p>
            </div>
          </div>
          <div className="mt-5 text-sm leading-6 text-slate-800 sm:pl-[52px]" style={{ fontFamily: 'Arial, Helvetica, sans-serif' }}>
            <p>Hi Alex,</p>
            <p className="mt-3">
              Thanks for taking the time to talk today. I&apos;ve attached the proposal we discussed — let me know if you have any
              questions.
            </p>
            <p className="mt-3">Best regards,</p>
            <div
              data-testid="signature-preview"
              className="mt-4 overflow-x-auto [&_img]:max-w-none"
              // The renderer escapes every value; this is exactly the HTML Gmail receives.
              dangerouslySetInnerHTML={{ __html: preview.html }}
            />
          </div>
        </div>
      </article>
      <CharacterCount length={exported.html.length} />
    </section>
  );
}
