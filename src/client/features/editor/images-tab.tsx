import { Plus } from 'lucide-react';
import { RadioGroup, Switch } from 'radix-ui';
import {
  IMAGE_LINK_OPTIONS,
  LIMITS,
  type ImageKind,
  type ImageLink,
  type SignatureFields,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { isPhotoShaped, storedImageOf } from '../../../shared/signature/image-geometry';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ImageUrlField } from './image-url-field';
import { LockedSection } from './locked-section';
import { LogoPicker } from './logo-picker';
import { PanelSection, TabIntro } from './tab-intro';

const IMAGE_LINK_LABELS: Record<ImageLink, string> = { none: 'None', website: 'Website URL', custom: 'Custom URL' };

function AnimateToggle({ checked, onChange }: { checked: boolean; onChange: (next: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor="animate-logo" className="text-sm font-medium text-slate-700">
          Animate
        </label>
        <p id="animate-logo-hint" className="text-xs text-slate-500">
          Animated GIFs play in Gmail.
        </p>
      </div>
      <Switch.Root
        id="animate-logo"
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby="animate-logo-hint"
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors data-[state=checked]:bg-brand"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}

const KIND_CHOICES = [
  { value: 'logo', label: 'Logo', hint: 'shown whole' },
  { value: 'photo', label: 'Photo', hint: 'cut to the photo shape' },
] as const;

/**
 * A square-ish image may be a logo or a face: ask instead of cutting every such logo round
 * (decision 0171). 'auto' (never answered) shows it as a photo, as before.
 */
function ImageKindChoice({ fields, onChange }: { fields: SignatureFields; onChange: (patch: SignaturePatch) => void }) {
  const image = storedImageOf(fields.photoUrl);
  if (!image || !isPhotoShaped(image.width, image.height)) return null;
  const value = fields.design.imageKind === 'logo' ? 'logo' : 'photo';
  return (
    <div className="grid gap-1.5">
      <span id="image-kind-label" className="text-sm font-medium text-slate-700">
        Is this a logo or a photo?
      </span>
      <RadioGroup.Root
        aria-labelledby="image-kind-label"
        value={value}
        onValueChange={(next) => onChange({ design: { imageKind: next as ImageKind } })}
        className="inline-flex w-fit rounded-lg bg-slate-100 p-0.5"
      >
        {KIND_CHOICES.map((choice) => (
          <RadioGroup.Item
            key={choice.value}
            value={choice.value}
            aria-label={`${choice.label} (${choice.hint})`}
            className="rounded-md px-3 py-1 text-sm font-medium text-slate-600 data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm"
          >
            {choice.label} <span className="font-normal text-slate-500">· {choice.hint}</span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

function ImageLinkChoice({ fields, onChange }: { fields: SignatureFields; onChange: (patch: SignaturePatch) => void }) {
  return (
    <div className="grid gap-3">
      <RadioGroup.Root
        aria-labelledby="image-link-label"
        value={fields.imageLinkUrl}
        onValueChange={(next) => onChange({ imageLinkUrl: next as ImageLink })}
        className="grid gap-2"
      >
        {IMAGE_LINK_OPTIONS.map((option) => (
          <label key={option} className="flex cursor-pointer items-center gap-2.5 text-sm text-slate-700">
            <RadioGroup.Item
              value={option}
              className="flex h-4 w-4 items-center justify-center rounded-full border border-slate-400 data-[state=checked]:border-brand"
            >
              <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand" />
            </RadioGroup.Item>
            {IMAGE_LINK_LABELS[option]}
            {option === 'website' && !fields.website && (
              <span className="text-xs text-slate-400">(add it on Details)</span>
            )}
          </label>
        ))}
      </RadioGroup.Root>
      {fields.imageLinkUrl === 'custom' && (
        <div className="grid gap-1.5">
          <label htmlFor="custom-image-url" className="text-sm font-medium text-slate-700">
            Image link URL
          </label>
          <Input
            id="custom-image-url"
            type="url"
            value={fields.customImageUrl}
            maxLength={LIMITS.url}
            placeholder="https://example.com/landing-page"
            onChange={(event) => onChange({ customImageUrl: event.target.value })}
          />
        </div>
      )}
    </div>
  );
}

export function ImagesTab(props: {
  fields: SignatureFields;
  signedIn: boolean;
  signatureId: string | null;
  /** The organization sets the image, or the design (how it is shown): those parts are locked (decision 0164). */
  locked?: { photo: boolean; design: boolean };
  onChange: (patch: SignaturePatch) => void;
}) {
  const { fields, onChange } = props;
  return (
    <div className="grid gap-5">
      <TabIntro title="Logo or photo">Shown beside or above your details.</TabIntro>
      <PanelSection title="Your image">
        <LockedSection locked={props.locked?.photo === true} id="image">
          <LogoPicker
            photoUrl={fields.photoUrl}
            photoShape={fields.design.photoShape}
            imageKind={fields.design.imageKind}
            signedIn={props.signedIn}
            signatureId={props.signatureId}
            onChange={(photoUrl) => onChange({ photoUrl })}
          />
          <ImageUrlField
            signedIn={props.signedIn}
            signatureId={props.signatureId}
            onAdd={(photoUrl) => onChange({ photoUrl })}
          />
        </LockedSection>
        <LockedSection locked={props.locked?.design === true} id="image-design">
          <ImageKindChoice fields={fields} onChange={onChange} />
          <AnimateToggle
            checked={fields.design.animateLogo === 'true'}
            onChange={(next) => onChange({ design: { animateLogo: next ? 'true' : 'false' } })}
          />
        </LockedSection>
      </PanelSection>
      <PanelSection title="Image Link URL" titleId="image-link-label" hint="Where a click on the image goes.">
        <ImageLinkChoice fields={fields} onChange={onChange} />
      </PanelSection>
      <PanelSection title="More images">
        <Button
          variant="secondary"
          onClick={() =>
            toast({ title: 'Premium Feature', description: 'Multiple images available in premium version' })
          }
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add another
        </Button>
      </PanelSection>
    </div>
  );
}
