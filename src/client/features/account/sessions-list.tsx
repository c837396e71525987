import { Laptop, LogOut, Smartphone } from 'lucide-react';
import type { DeviceSession } from '../../../shared/account-area-types';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { formatDate, LoadError, SectionCard, showSaveError, Spinner, saveWithToast } from './account-ui';
import { useSessions, useSignOutOthers, useSignOutSession } from '../../api/account';

/** "Chrome on macOS" from a user agent; good enough to recognise one's own devices. */
export function describeDevice(userAgent: string | null): { label: string; mobile: boolean } {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const label = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown device');
  return { label, mobile: /Mobile|iPhone|Android/.test(ua) };
}

function SessionRow({ session }: { session: DeviceSession }) {
  const signOut = useSignOutSession();
  const device = describeDevice(session.userAgent);
  const Icon = device.mobile ? Smartphone : Laptop;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3.5" data-testid="device-row">
      <span
        className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-100 text-slate-600"
        aria-hidden="true"
      >
        <Icon className="h-4 w-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {device.label}
          {session.current && (
            <span className="ml-2 rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-700 ring-1 ring-green-200">
              This device
            </span>
          )}
        </p>
        <p className="text-xs text-slate-500">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}Last active{' '}
          {formatDate(session.lastActiveAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          disabled={signOut.isPending}
          onClick={async () => {
            await saveWithToast(() => signOut.mutateAsync(session.id), {
              title: 'Signed out',
              description: `${device.label} is signed out.`,
            });
          }}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionsList() {
  const sessions = useSessions();
  const others = useSignOutOthers();
  const count = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <SectionCard
      id="devices"
      title="Signed-in devices"
      description="Where your account is signed in right now."
      footer={
        count > 0 ? (
          <div className="flex justify-end rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
            <Button
              variant="secondary"
              disabled={others.isPending}
              onClick={async () => {
                try {
                  const { signedOut } = await others.mutateAsync(undefined);
                  toast({
                    title: 'Signed out everywhere else',
                    description: `${signedOut} other session${signedOut === 1 ? '' : 's'} ended.`,
                    variant: 'success',
                  });
                } catch (error) {
                  showSaveError(error);
                }
              }}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {others.isPending ? 'Signing out...' : 'Sign out everywhere else'}
            </Button>
          </div>
        ) : null
      }
    >
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <LoadError error={sessions.error} retry={() => sessions.refetch()} />
      ) : (
        <ul className="-my-3.5 divide-y divide-slate-100">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
