import type { SeatUsage } from '../../../shared/account-area-types';

/** Seats used out of the plan's seats, as words and a bar. */
export function SeatMeter({ seats }: { seats: SeatUsage }) {
  const share = Math.min(100, Math.round((seats.used / Math.max(1, seats.limit)) * 100));
  const full = seats.used >= seats.limit;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">
          {seats.used} of {seats.limit} seat{seats.limit === 1 ? '' : 's'} used
        </span>
        <span className="text-slate-500">
          {seats.active} active{seats.pending > 0 ? ` · ${seats.pending} invited` : ''}
        </span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Seats used"
        aria-valuemin={0}
        aria-valuemax={seats.limit}
        aria-valuenow={seats.used}
      >
        <div className={`h-full rounded-full ${full ? 'bg-amber-500' : 'bg-brand'}`} style={{ width: `${share}%` }} />
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {seats.onTrial
          ? 'Your 7-day trial includes 10 seats.'
          : seats.limit === 1
            ? 'Your plan includes 1 seat. Standard and Pro add extra seats at $19/month each.'
            : 'Your plan includes 1 seat plus the extra seats you added.'}
      </p>
    </div>
  );
}
