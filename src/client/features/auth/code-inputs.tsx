import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH, digitsFromPaste } from '../../../shared/validation/auth-schemas';

type Props = {
  digits: string[];
  onChange(digits: string[]): void;
  /** Six digits arrived at once (paste or one-time-code autofill): the page submits them. */
  onComplete(code: string): void;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of the words that say why the code was refused. */
  describedBy?: string;
  inputRef?: (index: number, el: HTMLInputElement | null) => void;
};

/** Six single-digit boxes: typing advances, Backspace moves back, pasting six digits fills all. */
export function CodeInputs({ digits, onChange, onComplete, disabled, invalid, describedBy, inputRef }: Props) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (i: number) => refs.current[Math.max(0, Math.min(CODE_LENGTH - 1, i))]?.focus();

  const fillAll = (code: string) => {
    onChange(code.split(''));
    focus(CODE_LENGTH - 1);
    onComplete(code);
  };

  const onInput = (i: number, value: string) => {
    // iOS and Android put a whole one-time code into one box.
    const whole = value.length > 1 ? digitsFromPaste(value) : null;
    if (whole) return fillAll(whole);
    const digit = value.replace(/\D/g, '').slice(-1);
    if (!digit) return;
    const next = [...digits];
    next[i] = digit;
    onChange(next);
    if (i < CODE_LENGTH - 1) focus(i + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace') {
      e.preventDefault();
      const next = [...digits];
      if (next[i]) {
        next[i] = '';
      } else if (i > 0) {
        next[i - 1] = '';
        focus(i - 1);
      }
      onChange(next);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const code = digitsFromPaste(e.clipboardData.getData('text'));
    if (code) fillAll(code);
  };

  return (
    <div className="flex justify-center gap-2 sm:gap-3" role="group" aria-label="Verification code">
      {Array.from({ length: CODE_LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
            inputRef?.(i, el);
          }}
          value={digits[i] ?? ''}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={`Digit ${i + 1} of ${CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="h-14 w-11 rounded-lg border border-slate-300 bg-white text-center text-2xl font-semibold text-slate-900 shadow-sm transition focus:border-brand focus:outline-none focus:ring-4 focus:ring-brand/15 disabled:bg-slate-50 disabled:text-slate-400 aria-[invalid=true]:border-red-400 sm:h-16 sm:w-12"
        />
      ))}
    </div>
  );
}
