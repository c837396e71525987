import { CircleHelp } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';

/** The '?' button in the editor's header; also its stand-in while the help dialog's code loads. */
export function HelpButton(props: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      aria-label="Help"
      title="How to install your signature"
      className="flex h-9 w-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      {...props}
    >
      <CircleHelp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
