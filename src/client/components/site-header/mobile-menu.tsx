import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { initialsOf, logOut, useKnownSession } from '../../api/session-probe';
import { toast } from '../../lib/toast-store';
import { AuthButtons, type AuthButtonSpec } from './auth-buttons';
import { openSiteAuthDialog } from './header-auth';
import type { NavLink } from './site-nav-links';
import { SIGN_UP, type AuthTab } from '../auth-dialog/auth-dialog-store';

const itemClass =
  'block w-full rounded-md px-3 py-2.5 text-left text-base font-medium text-slate-800 hover:bg-slate-100';

const MENU_BUTTONS: readonly AuthButtonSpec[] = [
  {
    tab: 'login',
    label: 'Log in',
    className: 'h-11 rounded-md border border-slate-300 text-sm font-semibold text-slate-800 hover:bg-slate-50',
  },
  {
    tab: 'signup',
    label: SIGN_UP,
    className: 'h-11 rounded-md bg-brand text-sm font-semibold text-white hover:bg-brand-dark',
  },
];

/**
 * The side menu below the lg breakpoint: a native modal <dialog>, so the browser traps focus,
 * makes the page behind it inert, closes it on Escape and gives focus back to the button.
 */
export function MobileMenu({ links }: { links: NavLink[] }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const data = useKnownSession();

  const show = () => {
    dialog.current?.showModal();
    document.documentElement.style.overflow = 'hidden';
    setOpen(true);
  };
  const close = () => dialog.current?.close();
  const onClosed = () => {
    document.documentElement.style.overflow = '';
    setOpen(false);
  };
  const startAuth = (tab: AuthTab) => {
    close();
    openSiteAuthDialog(tab);
  };
  const onLogout = async () => {
    close();
    try {
      await logOut();
      toast({ title: 'Logged out' });
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="mobile-menu"
        className="flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      <dialog
        id="mobile-menu"
        ref={dialog}
        aria-labelledby="mobile-menu-title"
        onClose={onClosed}
        // A click on the backdrop lands on the <dialog> itself, outside its panel.
        onClick={(event) => event.target === event.currentTarget && close()}
        className="m-0 ml-auto h-dvh max-h-none w-[min(20rem,85vw)] max-w-none bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50"
      >
        <div className="flex h-full flex-col">
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <h2 id="mobile-menu-title" className="text-base font-semibold">
              Menu
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close menu"
              className="flex h-10 w-10 items-center justify-center rounded-md hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-2 py-3">
            <ul className="grid gap-1">
              {links.map((link) => (
                <li key={link.id}>
                  <a href={link.href} onClick={close} className={itemClass}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t border-slate-200 p-4">
            {data ? (
              <div className="grid gap-2">
                <div className="flex items-center gap-3 px-1 pb-2">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
                  >
                    {initialsOf(data.user.name, data.user.email)}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">{data.user.name || 'User'}</p>
                    <p className="truncate text-xs text-slate-600">{data.user.email}</p>
                  </div>
                </div>
                <a href="/editor" className={itemClass}>
                  Go to Editor
                </a>
                <a href="/account" className={itemClass}>
                  My Account
                </a>
                <button type="button" onClick={onLogout} className={itemClass}>
                  Log out
                </button>
              </div>
            ) : (
              <AuthButtons className="grid gap-2" buttons={MENU_BUTTONS} onStart={startAuth} />
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
