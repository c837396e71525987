import { Loader2 } from 'lucide-react';

/**
 * The app's loading spinner while the router loads the first screen's chunk (the root route's
 * HydrateFallback): a page opened straight on an app URL, such as /editor, shows this instead of
 * nothing. Prerendered screens (/pricing) never see it: they hydrate once the chunk is loaded.
 */
export function RouteLoading() {
  return (
    <div className="flex min-h-full items-center justify-center" role="status" aria-label="Loading">
      <Loader2 className="h-6 w-6 animate-spin text-brand" aria-hidden="true" />
    </div>
  );
}
