import type { CampaignClicks } from '../../../shared/api/campaigns';
import { campaignClicksCsvUrl, useCampaignClicks } from '../../api/campaigns';
import { Spinner } from './account-ui';

const W = 600;
const H = 160;
const PAD = { top: 12, right: 8, bottom: 24, left: 32 };

/** Clicks per day as bars, drawn as plain SVG: the account page needs no chart library for this. */
function ClicksBars({ days }: { days: CampaignClicks['days'] }) {
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(1, days.length);
  const bar = Math.max(1, Math.min(40, step * 0.7));
  const first = days[0]?.day ?? '';
  const last = days[days.length - 1]?.day ?? '';
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Clicks per day from ${first} to ${last}; at most ${max} in a day`}
    >
      <line x1={PAD.left} y1={PAD.top + innerH} x2={W - PAD.right} y2={PAD.top + innerH} stroke="#cbd5e1" />
      <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill="#475569">
        {max}
      </text>
      <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" fontSize="11" fill="#475569">
        0
      </text>
      {days.map((d, i) => {
        const h = (d.clicks / max) * innerH;
        return (
          <rect
            key={d.day}
            x={PAD.left + i * step + (step - bar) / 2}
            y={PAD.top + innerH - h}
            width={bar}
            height={h}
            fill="#0b5cab"
            data-day={d.day}
            data-clicks={d.clicks}
          >
            <title>{`${d.day}: ${d.clicks} ${d.clicks === 1 ? 'click' : 'clicks'}`}</title>
          </rect>
        );
      })}
      <text x={PAD.left} y={H - 6} fontSize="11" fill="#475569">
        {first}
      </text>
      {last !== first && (
        <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize="11" fill="#475569">
          {last}
        </text>
      )}
    </svg>
  );
}

/** One campaign's clicks: the total, the chart per day, the split by rule, and the CSV. */
export function CampaignClicksChart({ id }: { id: string }) {
  const clicks = useCampaignClicks(id);
  if (clicks.isPending) return <Spinner label="Loading clicks…" className="py-3" />;
  if (clicks.isError) return <p className="text-sm text-red-700">The clicks could not be loaded.</p>;
  const { total, days, byRule } = clicks.data;
  return (
    <div className="grid gap-2" data-testid="campaign-clicks">
      <p className="text-sm text-slate-700">
        Clicks: <strong data-testid="campaign-clicks-total">{total}</strong>
        <span className="text-slate-500"> (people only: mail scanners and pre-fetches are not counted)</span>
      </p>
      {days.length > 0 && <ClicksBars days={days} />}
      {byRule.length > 0 && (
        <ul className="grid gap-0.5 text-sm text-slate-600">
          {byRule.map((r) => (
            <li key={r.ruleId ?? ''}>
              {r.name}: {r.clicks}
            </li>
          ))}
        </ul>
      )}
      <div>
        <a className="text-sm font-medium text-brand underline" href={campaignClicksCsvUrl(id)} download>
          Download CSV
        </a>
      </div>
    </div>
  );
}
