import { Users } from 'lucide-react';
import { memo } from 'react';

/**
 * Shown to a member of a paying organization whose seats ran out before them: why their signature
 * carries the watermark and who can add seats (the server's words, GET /api/auth/me → seatNotice).
 */
export const SeatNotice = memo(function SeatNotice({ notice }: { notice: string }) {
  return (
    <div
      role="region"
      aria-label="Why your signature has a watermark"
      className="shrink-0 border-b border-sky-200 bg-sky-50 px-4 py-2.5 sm:px-6"
    >
      <p className="flex items-start gap-2 text-sm text-sky-900">
        <Users className="mt-0.5 h-4 w-4 shrink-0 text-sky-600" aria-hidden="true" />
        <span>
          <strong className="font-semibold">No seat for you yet.</strong> {notice}
        </span>
      </p>
    </div>
  );
});
