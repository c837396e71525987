import type { ButtonHTMLAttributes } from 'react';

/** The round avatar button that opens the account menu; also its stand-in while the menu loads. */
export function AvatarButton({ initials, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { initials: string }) {
  return (
    <button
      type="button"
      aria-label="Open user menu"
      className="flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
      {...props}
    >
      {initials}
    </button>
  );
}
