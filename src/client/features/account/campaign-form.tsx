import { useState, type ChangeEvent } from 'react';
import type { Audience, CampaignBody, CampaignsOverview, CampaignView } from '../../../shared/api/campaigns';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { attachImage, createUploadSlot, sendImageBytes } from '../../api/image-upload';
import { useCreateCampaign, useUpdateCampaign } from '../../api/campaigns';
import { Select, toastError } from './account-ui';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const zones = (): string[] => {
  const list = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return list.includes('UTC') ? list : ['UTC', ...list];
};

const EMPTY = (): CampaignBody => ({
  imageUrl: '',
  altText: '',
  linkUrl: '',
  startsAt: '',
  endsAt: '',
  timeZone: browserZone(),
  audience: { kind: 'everyone' },
});

/** A saved campaign as the form edits it: its times as written, in its zone. */
const bodyOf = (c: CampaignView): CampaignBody => ({
  imageUrl: c.imageUrl,
  altText: c.altText,
  linkUrl: c.linkUrl,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  timeZone: c.timeZone,
  audience: c.audience,
});

/** An ended campaign run again: its banner, words, link, zone and audience, with dates still to choose. */
const copyOf = (c: CampaignView): CampaignBody => ({ ...bodyOf(c), startsAt: '', endsAt: '' });

const formLabel = (campaign?: CampaignView, again?: CampaignView) =>
  campaign ? `Edit campaign ${campaign.altText}` : again ? `Run campaign ${again.altText} again` : 'New campaign';
const AGAIN_WORDS =
  'A new campaign with the same banner, link and audience: choose its dates. The ended one stays as it was, with its clicks.';

/**
 * "New campaign", a saved one's "Edit", or an ended one's "Run again" (a new campaign made from it,
 * decision 0260): the banner goes through the editor's image upload (slot,
 * bytes, re-encoding), then the alt text, the link, the start and end in a time zone, and who sees it
 * (decision 0222). The server checks an edit as it checks a new one (plan, size guard); a running
 * campaign's change reaches Gmail at once (decision 0235).
 */
export function CampaignForm({
  data,
  campaign,
  again,
  onDone,
}: {
  data: CampaignsOverview;
  /** The campaign edited. */
  campaign?: CampaignView;
  /** The ended campaign run again: the form starts from it and schedules a new one. */
  again?: CampaignView;
  onDone(): void;
}) {
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const saving = create.isPending || update.isPending;
  const [body, setBody] = useState<CampaignBody>(() => (campaign ? bodyOf(campaign) : again ? copyOf(again) : EMPTY()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  // A field's refusal goes once the field is changed; the others stay until the next save.
  const set = (patch: Partial<CampaignBody>) => {
    setBody((b) => ({ ...b, ...patch }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !(key.split('.')[0]! in patch))));
  };

  const onSave = async () => {
    setErrors({});
    try {
      if (campaign) await update.mutateAsync({ id: campaign.id, body });
      else await create.mutateAsync(body);
      toast({
        title: campaign ? 'Campaign saved' : 'Campaign scheduled',
        description: campaign
          ? 'Signatures already in Gmail follow at once while it runs.'
          : 'Its banner shows from its start to its end.',
        variant: 'success',
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      if (!(error instanceof ApiError) || !Object.keys(error.fields).length || error.fields.audience)
        toastError(error, 'The campaign could not be saved. Please try again.');
    }
  };

  return (
    <div
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
      data-testid="campaign-form"
      aria-label={formLabel(campaign, again)}
      role="group"
    >
      {again && <p className="text-sm text-slate-600">{AGAIN_WORDS}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <BannerImageField
          value={body.imageUrl}
          altText={body.altText}
          error={errors.imageUrl}
          onUploading={setUploading}
          onChange={(imageUrl, error) => {
            if (imageUrl) set({ imageUrl });
            setErrors((e) => ({ ...e, imageUrl: error }));
          }}
        />
        <Field id="campaign-alt" label="Alt text" error={errors.altText}>
          <Input id="campaign-alt" value={body.altText} onChange={(e) => set({ altText: e.target.value })} />
        </Field>
        <Field id="campaign-link" label="Banner link" error={errors.linkUrl}>
          <Input
            id="campaign-link"
            value={body.linkUrl}
            placeholder="https://acme.com/webinar"
            onChange={(e) => set({ linkUrl: e.target.value })}
          />
        </Field>
        <Field id="campaign-starts" label="Starts" error={errors.startsAt}>
          <Input
            id="campaign-starts"
            type="datetime-local"
            value={body.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
        </Field>
        <Field id="campaign-ends" label="Ends" error={errors.endsAt}>
          <Input
            id="campaign-ends"
            type="datetime-local"
            value={body.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
          />
        </Field>
        <Field id="campaign-zone" label="Time zone" error={errors.timeZone}>
          <Select id="campaign-zone" value={body.timeZone} onChange={(e) => set({ timeZone: e.target.value })}>
            {zones().map((z) => (
              <option key={z}>{z}</option>
            ))}
          </Select>
        </Field>
        <AudienceField
          rules={data.rules}
          workspaceConnected={data.workspaceConnected}
          audience={body.audience}
          error={errors.audience ?? errors['audience.ruleIds']}
          onChange={(audience) => set({ audience })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onSave} disabled={saving || uploading}>
          {campaign ? 'Save changes' : 'Schedule campaign'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

function BannerImageField(props: {
  value: string;
  altText: string;
  error: string | undefined;
  onUploading(uploading: boolean): void;
  onChange(imageUrl: string, error: string): void;
}) {
  const [uploading, setUploading] = useState(false);
  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    props.onUploading(true);
    try {
      const { uploadURL } = await createUploadSlot();
      await sendImageBytes(uploadURL, file);
      const { objectPath } = await attachImage({ imageURL: uploadURL, signatureId: 'temp' });
      props.onChange(objectPath, '');
    } catch (error) {
      props.onChange('', error instanceof Error ? error.message : 'The upload failed. Please try again.');
    } finally {
      setUploading(false);
      props.onUploading(false);
    }
  };
  return (
    <>
      <Field id="campaign-image" label="Banner image" error={props.error} hint="PNG, JPEG or GIF, at most 5 MB.">
        <Input id="campaign-image" type="file" accept="image/png,image/jpeg,image/gif,image/webp" onChange={onImage} />
      </Field>
      <div className="flex min-h-16 items-center rounded-md bg-slate-50 p-2">
        {uploading ? (
          <span className="text-sm text-slate-500">Uploading…</span>
        ) : props.value ? (
          <img src={props.value} alt={props.altText} className="max-h-20 max-w-full" />
        ) : (
          <span className="text-sm text-slate-500">No banner yet.</span>
        )}
      </div>
    </>
  );
}

const KINDS: Record<Audience['kind'], Audience> = {
  everyone: { kind: 'everyone' },
  rules: { kind: 'rules', ruleIds: [] },
  groups: { kind: 'groups', groups: [] },
};

/** "Audience": everyone, the people of chosen rules, or the members of Google groups (decision 0236). */
function AudienceField(props: {
  rules: CampaignsOverview['rules'];
  workspaceConnected: boolean;
  audience: Audience;
  error: string | undefined;
  onChange(audience: Audience): void;
}) {
  const chosen = props.audience.kind === 'rules' ? props.audience.ruleIds : [];
  // Typed as written (commas and spaces kept while typing); sent as the list of addresses.
  const [groupsText, setGroupsText] = useState(
    props.audience.kind === 'groups' ? props.audience.groups.join(', ') : '',
  );
  const toggle = (id: string, on: boolean) =>
    props.onChange({ kind: 'rules', ruleIds: on ? [...chosen, id] : chosen.filter((r) => r !== id) });
  return (
    <div className="grid gap-2">
      <Field id="campaign-audience" label="Audience" error={props.error}>
        <Select
          id="campaign-audience"
          value={props.audience.kind}
          onChange={(e) => {
            setGroupsText('');
            props.onChange(KINDS[e.target.value as Audience['kind']]);
          }}
        >
          <option value="everyone">Everyone</option>
          <option value="rules" disabled={props.rules.length === 0}>
            Chosen rules
          </option>
          <option value="groups" disabled={!props.workspaceConnected}>
            Google groups{props.workspaceConnected ? '' : ' (connect Google Workspace first)'}
          </option>
        </Select>
      </Field>
      {props.audience.kind === 'groups' && (
        <Field
          id="campaign-groups"
          label="Google groups"
          hint="Group addresses, separated by commas. Their members see the banner; read from Google at each sync."
        >
          <Input
            id="campaign-groups"
            value={groupsText}
            placeholder="webinar@yourcompany.com"
            onChange={(e) => {
              setGroupsText(e.target.value);
              props.onChange({ kind: 'groups', groups: e.target.value.split(/[\s,;]+/).filter(Boolean) });
            }}
          />
        </Field>
      )}
      {props.audience.kind === 'rules' && (
        <fieldset className="grid gap-1 text-sm">
          <legend className="mb-1 font-medium text-slate-700">Rules whose people see the banner</legend>
          {props.rules.map((r) => (
            <label key={r.id} className="flex items-center gap-2">
              <input type="checkbox" checked={chosen.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />
              {r.name}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
