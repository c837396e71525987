import type { AuthTab } from '../auth-dialog/auth-dialog-store';

/** One button of the signed-out pair: which tab it opens, its words and its look. */
export interface AuthButtonSpec {
  tab: AuthTab;
  label: string;
  className: string;
}

/**
 * The signed-out "Log in" / sign-up pair. The site header, the mobile menu and the billing header
 * draw the same two buttons; only their classes, the second one's words and what a click does differ.
 */
export function AuthButtons({
  className,
  buttons,
  onStart,
  onPreload,
}: {
  className: string;
  buttons: readonly AuthButtonSpec[];
  onStart: (tab: AuthTab) => void;
  onPreload?: () => void;
}) {
  return (
    <div className={className}>
      {buttons.map((button) => (
        <button
          key={button.tab}
          type="button"
          onClick={() => onStart(button.tab)}
          onPointerEnter={onPreload}
          onFocus={onPreload}
          className={button.className}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}
