import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { initialsOf, useLogout, useSession } from '../api/session';
import { toast } from '../lib/toast-store';
import { AvatarButton } from './avatar-button';

const itemClass =
  'flex cursor-pointer select-none items-center rounded px-2 py-1.5 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';

export function MenuItem(props: { onSelect?: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <DropdownMenu.Item className={itemClass} disabled={props.disabled} onSelect={props.onSelect}>
      {props.children}
    </DropdownMenu.Item>
  );
}

/** The avatar button and its menu; each screen passes its own items, Log out is always last. */
export function UserMenu({
  children,
  onLoggedOut,
  defaultOpen,
}: {
  children?: ReactNode;
  onLoggedOut?: () => void;
  /** Open at once: the avatar was pressed while this menu's code was still loading (lazy-opener.tsx). */
  defaultOpen?: boolean;
}) {
  const { data } = useSession();
  const logout = useLogout();
  if (!data) return null;
  const { user } = data;
  const onLogout = async () => {
    try {
      await logout();
      toast({ title: 'Logged out' });
      onLoggedOut?.();
    } catch (error) {
      toast({ title: 'Logout failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton initials={initialsOf(user.name, user.email)} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-2 py-1.5">
            <p className="text-sm font-medium">{user.name || 'User'}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {children}
          <MenuItem onSelect={onLogout}>Log out</MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
