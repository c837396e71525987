import { TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import type { PublicOriginCheck } from '../../../shared/public-origin';

/** Beside the preview: recipients cannot load images from this server's PUBLIC_URL, and how to fix it. */
export const PublicOriginNotice = memo(function PublicOriginNotice({ check }: { check: PublicOriginCheck }) {
  if (check.ok) return null;
  return (
    <div
      role="note"
      data-testid="public-origin-notice"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{check.title}</p>
        <p className="mt-1 break-words">{check.message} Copying still works, so you can try everything here.</p>
      </div>
    </div>
  );
});
