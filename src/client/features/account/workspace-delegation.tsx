import type { ReactNode } from 'react';
import { delegationLink } from '../../../shared/workspace/google-setup';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';

const linkClass = 'font-medium text-brand hover:underline';

export function Out({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={linkClass} data-testid={testId}>
      {children}
    </a>
  );
}

export function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <ul className="mt-1 grid gap-1">
      {scopes.map((s) => (
        <li key={s}>
          <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{s}</code>
        </li>
      ))}
    </ul>
  );
}

/** The client ID with a copy button and the link that fills in the Admin console (before anything is sent). */
export function DelegationBox({ clientId, scopes, note }: { clientId: string; scopes: string[]; note?: ReactNode }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(clientId);
      toast({ title: 'Client ID copied', description: clientId, variant: 'success' });
    } catch {
      toast({ title: 'Copy it by hand', description: `This browser did not allow copying: ${clientId}` });
    }
  };
  return (
    <div className="rounded-lg border border-brand/30 bg-brand/5 p-3 text-sm" data-testid="workspace-delegation">
      <p className="font-medium text-slate-700">Client ID</p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-1.5 py-0.5 text-sm" data-testid="workspace-key-client-id">
          {clientId}
        </code>
        <Button size="sm" variant="secondary" onClick={copy}>
          Copy client ID
        </Button>
      </div>
      {note}
      <p className="mt-2">
        <Out href={delegationLink(clientId, scopes)} testId="workspace-delegation-link">
          Authorise in the Admin console
        </Out>{' '}
        <span className="text-slate-600">(opens Google with this client ID and both scopes filled in).</span>
      </p>
    </div>
  );
}
