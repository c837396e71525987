import { Code, History, MailCheck, Send, Smartphone, type LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import {
  capabilityRefusal,
  hasCapability,
  organizationTier,
  planNeededFor,
} from '../../../shared/billing/plan-features';
import { useQuery } from '@tanstack/react-query';
import { teamsApi } from '../../../shared/api/teams';
import { queryKeys } from '../../api/keys';
import { useSession } from '../../api/session';
import { callApi } from '../../lib/api-client';
import type { OpensOnArrival } from '../../components/ui/lazy-opener';
import { MoreWaysButton } from './more-ways-button';

export type MoreWaysProps = {
  sending: boolean;
  installing: boolean;
  /** Where a test email would go (testEmailNote). */
  testEmailNote: string;
  onCopyHtml: () => void;
  onCopyForGmailApp: () => void;
  onSendTestEmail: () => void;
  onInstallInGmail: () => void;
  /** Opens "Earlier versions"; absent while the signature is not saved to an account. */
  onShowVersions?: () => void;
};

const itemClass =
  'flex cursor-pointer select-none gap-3 rounded-md px-2.5 py-2 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100';

function Way(props: {
  icon: LucideIcon;
  label: string;
  note: string;
  noteTestId?: string;
  badge?: string;
  /** What pressing does instead, shown as the item's action ("Upgrade"), and read as part of its name. */
  action?: string;
  disabled?: boolean;
  onSelect: () => void;
}) {
  const id = useId();
  const Icon = props.icon;
  return (
    <DropdownMenu.Item
      className={itemClass}
      disabled={props.disabled}
      onSelect={props.onSelect}
      // The name is the action alone; the note under it is its description.
      aria-labelledby={props.action ? `${id}-label ${id}-action` : `${id}-label`}
      aria-describedby={`${id}-note`}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="grid min-w-0 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span id={`${id}-label`}>{props.label}</span>
          {props.badge && (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[11px] font-semibold text-violet-800">
              {props.badge}
            </span>
          )}
          {props.action && (
            <span
              id={`${id}-action`}
              className="ml-auto rounded-md bg-brand px-2 py-0.5 text-xs font-semibold text-white"
              data-testid="menu-item-action"
            >
              {props.action}
            </span>
          )}
        </span>
        <span
          id={`${id}-note`}
          data-testid={props.noteTestId}
          className="text-xs text-slate-500 [overflow-wrap:anywhere]"
        >
          {props.note}
        </span>
      </span>
    </DropdownMenu.Item>
  );
}

/**
 * "More ways": every way to install the signature other than Copy to Gmail, in one menu button
 * (Radix: arrow keys move, Escape closes, the focus goes back to the button).
 */
/**
 * "Install in Gmail" in words for the reader before they press it: when their organization's plan
 * lacks Workspace push, its plan and price, and the way on for their role (decision 0230): owners
 * and admins are taken to upgrade, a member reads whom to ask (the organization's answer names them).
 */
function useInstallWords() {
  const organization = useSession().data?.organization;
  const locked = !!organization && !hasCapability(organizationTier(organization), 'workspacePush');
  const member = organization?.role === 'member';
  const owner = useQuery({
    queryKey: queryKeys.organization,
    queryFn: () => callApi(teamsApi.getOrganization),
    enabled: locked && member,
  }).data?.askForUpgrade;
  if (!locked) {
    const note = `Pushes your signature into your Gmail through your organization's Google Workspace (${planNeededFor('workspacePush')} plan).`;
    return { note, upgrade: false };
  }
  if (member)
    return { note: capabilityRefusal('workspacePush', { canManage: false, owner: owner ?? null }), upgrade: false };
  return { note: capabilityRefusal('workspacePush', { canManage: true }), upgrade: true };
}

export function MoreWaysMenu(props: MoreWaysProps & OpensOnArrival) {
  const workspacePlan = planNeededFor('workspacePush');
  const navigate = useNavigate();
  const install = useInstallWords();
  return (
    // Not modal: the page stays usable around it, and nothing is left blocked if the editor
    // re-renders its panel while the menu is open (a signature just created, loaded again).
    <DropdownMenu.Root modal={false} defaultOpen={props.defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <MoreWaysButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 grid max-h-[var(--radix-dropdown-menu-content-available-height)] w-[min(22rem,calc(100vw-1.5rem))] gap-0.5 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <Way
            icon={Code}
            label="Copy HTML to Clipboard"
            note="The HTML source, for another mail app or a Workspace admin."
            onSelect={props.onCopyHtml}
          />
          <Way
            icon={Smartphone}
            label="Copy for the Gmail app"
            note="Plain text, at most 6 lines: the Gmail apps take no images or links."
            onSelect={props.onCopyForGmailApp}
          />
          <Way
            icon={Send}
            label={props.sending ? 'Sending…' : 'Send me a test email'}
            note={props.testEmailNote}
            noteTestId="test-email-note"
            disabled={props.sending}
            onSelect={props.onSendTestEmail}
          />
          <Way
            icon={MailCheck}
            label={props.installing ? 'Installing...' : 'Install in Gmail'}
            badge={workspacePlan}
            action={install.upgrade ? 'Upgrade' : undefined}
            note={install.note}
            noteTestId="install-in-gmail-plan"
            disabled={props.installing}
            onSelect={install.upgrade ? () => void navigate('/account/billing') : props.onInstallInGmail}
          />
          {props.onShowVersions && (
            <Way
              icon={History}
              label="Earlier versions"
              note="The last saved versions of this signature, to restore one."
              onSelect={props.onShowVersions}
            />
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
