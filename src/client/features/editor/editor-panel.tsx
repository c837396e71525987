import type { OrganizationLocks } from '../../../shared/signature/organization-locks';
import { Tabs } from 'radix-ui';
import { memo, type ReactNode } from 'react';
import type { FieldRequirements } from '../../../shared/signature/export-checks';
import type { SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';
import { setEditorTab, useEditorTab } from './editor-focus';
import type { EditorTab, Refusals } from './refused-fields';
import { DetailsTab } from './details-tab';
import { TabLoading, useLaterTabs } from './later-tabs';

const TABS = ['Details', 'Images', 'Social', 'Design'] as const satisfies readonly EditorTab[];
type TabName = EditorTab;

const triggerClass =
  'rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** The tab buttons: the same on every keystroke, so rendered once. */
const TabList = memo(function TabList() {
  return (
    <Tabs.List
      aria-label="Signature sections"
      className="mx-4 mt-4 grid shrink-0 grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1"
    >
      {TABS.map((tab) => (
        <Tabs.Trigger key={tab} value={tab} className={triggerClass}>
          {tab}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
});

/**
 * The four tabs. Leaving any field sends its edit at once (focusout bubbles here), so a pause
 * of less than the debounce before closing the tab loses nothing.
 */
export function EditorPanel(props: {
  fields: SignatureFields;
  requirements: FieldRequirements;
  /** The fields the organization sets, read-only in the Details tab (decision 0164). */
  locks: OrganizationLocks;
  refusals: Refusals;
  signedIn: boolean;
  signatureId: string | null;
  onChange: (patch: SignaturePatch) => void;
  onFieldBlur: () => void;
  /** On a phone showing the preview: the tabs hide, the bar of actions stays. */
  formHidden: boolean;
  footer: ReactNode;
}) {
  const { fields, onChange, refusals } = props;
  const tab = useEditorTab();
  const { tabs, failed } = useLaterTabs();
  const loading = <TabLoading failed={failed} />;
  const content: Record<TabName, ReactNode> = {
    Details: (
      <DetailsTab
        fields={fields}
        requirements={props.requirements}
        locks={props.locks}
        refusals={refusals}
        onChange={onChange}
      />
    ),
    Images: tabs ? (
      <tabs.ImagesTab
        fields={fields}
        signedIn={props.signedIn}
        signatureId={props.signatureId}
        locked={{ photo: props.locks.locked.includes('photoUrl'), design: props.locks.designLocked }}
        onChange={onChange}
      />
    ) : (
      loading
    ),
    Social: tabs ? (
      <tabs.LockedSection locked={props.locks.locked.includes('socialLinks')} id="social">
        <tabs.SocialTab socialLinks={fields.socialLinks} refusals={refusals} onChange={onChange} />
      </tabs.LockedSection>
    ) : (
      loading
    ),
    Design: tabs ? (
      <tabs.LockedSection locked={props.locks.designLocked} id="design">
        <tabs.DesignTab design={fields.design} onChange={onChange} />
      </tabs.LockedSection>
    ) : (
      loading
    ),
  };
  return (
    <aside
      aria-label="Signature editor"
      className="flex w-full shrink-0 flex-col border-slate-200 bg-white lg:w-96 lg:border-r"
      onBlur={props.onFieldBlur}
    >
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setEditorTab(next as TabName)}
        className={`min-h-0 flex-1 flex-col ${props.formHidden ? 'hidden' : 'flex'}`}
      >
        <TabList />
        {TABS.map((tab) => (
          <Tabs.Content
            key={tab}
            value={tab}
            className="min-h-0 flex-1 overflow-y-auto px-4 pb-6 pt-5 focus-visible:outline-offset-[-2px]"
          >
            {content[tab]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {props.footer}
    </aside>
  );
}
