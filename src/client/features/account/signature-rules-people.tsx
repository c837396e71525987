import { useState } from 'react';
import type { RulePersonView, SignatureRulesOverview } from '../../../shared/api/signature-rules';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { toastError } from './account-ui';
import { useSetTeam } from '../../api/signature-rules';
import { usePush } from '../../api/workspace';

/** Per person: which rule matched and why, their signature, and (Workspace) a preview of it; without Workspace, their team. */
export function RulePeopleTable({ data }: { data: SignatureRulesOverview }) {
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = data.people.filter((p) => !wanted || p.email.includes(wanted) || p.name.toLowerCase().includes(wanted));
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          Who gets which ({data.source === 'workspace' ? 'Workspace directory' : 'members, by team or by hand'})
        </h3>
        <Input
          aria-label="Find a person"
          placeholder="Find a person"
          className="sm:max-w-56"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="rule-people">
        {shown.slice(0, 200).map((p) => (
          <PersonRow key={p.id} person={p} source={data.source} />
        ))}
      </ul>
      {shown.length > 200 && (
        <p className="text-xs text-slate-500">The first 200 of {shown.length}; find a person above.</p>
      )}
    </div>
  );
}

function PersonRow({ person, source }: { person: RulePersonView; source: SignatureRulesOverview['source'] }) {
  const [html, setHtml] = useState<string | null>(null);
  const push = usePush();
  const preview = async () => {
    try {
      const result = await push.mutateAsync({ target: { kind: 'selection', emails: [person.email] }, dryRun: true });
      if (result.dryRun) setHtml(result.people.find((e) => e.sendAsEmail === person.email)?.html ?? '');
    } catch (error) {
      toastError(error, 'The preview could not be made. Please try again.');
    }
  };
  return (
    <li className="grid gap-1 px-3 py-2 text-sm" data-testid="rule-person">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-slate-900">{person.name || person.email}</span>
        <span className="min-w-0 text-xs text-slate-500 [overflow-wrap:anywhere]">{person.email}</span>
      </div>
      <p className="text-slate-700">
        <span className="font-medium">Rule: {person.match.ruleName}</span> · {person.match.reason} ·{' '}
        <span className="text-slate-500">Signature: {person.match.signatureName}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {source === 'workspace' ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={html === null ? preview : () => setHtml(null)}
            disabled={push.isPending}
          >
            {html === null ? 'Preview' : 'Hide preview'}
          </Button>
        ) : (
          <TeamEditor person={person} />
        )}
      </div>
      {html !== null && (
        <div
          className="overflow-x-auto rounded border border-slate-100 p-2"
          data-testid="rule-person-preview"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </li>
  );
}

function TeamEditor({ person }: { person: RulePersonView }) {
  const setTeam = useSetTeam();
  const [team, setTeamText] = useState(person.department ?? '');
  const changed = team.trim() !== (person.department ?? '');
  const onSave = async () => {
    try {
      await setTeam.mutateAsync({ userId: person.id, team: team.trim() });
      toast({
        title: 'Team saved',
        description: `${person.name || person.email}: ${team.trim() || 'no team'}.`,
        variant: 'success',
      });
    } catch (error) {
      toastError(error, 'The team could not be saved. Please try again.');
    }
  };
  return (
    <>
      <Input
        aria-label={`Team of ${person.name || person.email}`}
        placeholder="Team"
        className="h-8 max-w-40"
        value={team}
        onChange={(e) => setTeamText(e.target.value)}
      />
      {changed && (
        <Button variant="secondary" size="sm" onClick={onSave} disabled={setTeam.isPending}>
          Save team
        </Button>
      )}
    </>
  );
}
