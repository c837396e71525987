import { Link } from 'react-router';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { useSession } from '../../lib/session';

export function LandingPage() {
  const { data } = useSession();
  return (
    <main className="mx-auto flex min-h-full max-w-3xl flex-col items-center justify-center gap-6 p-8 text-center">
      <h1 className="text-4xl font-bold tracking-tight">Build Professional Gmail Signatures in Minutes</h1>
      <p className="text-lg text-slate-600">Fill in your details, watch a live Gmail preview, and copy the result straight into Gmail.</p>
      <div className="flex gap-3">
        <Link to="/editor" className="rounded-md bg-brand px-5 py-3 font-medium text-white hover:bg-brand-dark">
          {data ? 'Go to Editor' : 'Open the editor'}
        </Link>
        {!data && (
          <button className="rounded-md border border-slate-300 px-5 py-3 font-medium" onClick={() => openAuthDialog('signup', { redirectTo: '/editor' })}>
            Start Free Trial
          </button>
        )}
      </div>
    </main>
  );
}
