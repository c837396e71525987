import { Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load or crashes; the person can reload or go home. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto flex min-h-full max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="text-slate-600">
        This page could not be shown. Reloading usually fixes it; your saved signature is safe.
      </p>
      <div className="flex gap-3">
        <button className="rounded-md bg-brand px-4 py-2 text-white" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="rounded-md border border-slate-300 px-4 py-2" to="/">
          Go home
        </Link>
      </div>
    </main>
  );
}
