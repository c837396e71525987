import { RadioGroup } from 'radix-ui';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { EDITOR_COLOR_CHOICES, normaliseHexColor, type ColorChoice } from '../../../shared/signature/colour-choices';
import { SECONDARY_COLORS } from '../../../shared/validation/account-schemas';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  FONT_CHOICES,
  LAYOUTS,
  LAYOUT_LABELS,
  PHOTO_SHAPES,
  PHOTO_SHAPE_LABELS,
  type Design,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { TEMPLATE_CATALOGUE } from '../../../shared/signature/template-catalogue';
import { ChoiceGroup, type Choice } from './choice-group';
import { CustomColourField } from './custom-colour-field';
import { TabIntro } from './tab-intro';

const LAYOUT_DESCRIPTIONS = {
  horizontal: 'Logo beside your details.',
  vertical: 'Logo above your details.',
  'text-only': 'No image at all.',
} as const;

const SHAPE_RADIUS = { square: 'rounded-[3px]', rounded: 'rounded-md', round: 'rounded-full' } as const;

// The one template catalogue names and describes the templates everywhere.
const templateChoices: Choice<Design['template']>[] = TEMPLATE_CATALOGUE.map((entry) => ({
  value: entry.id,
  label: entry.label,
  description: entry.description,
}));
const layoutChoices: Choice<Design['layout']>[] = LAYOUTS.map((value) => ({
  value,
  label: LAYOUT_LABELS[value],
  description: LAYOUT_DESCRIPTIONS[value],
}));
const fontChoices: Choice<Design['fontFamily']>[] = FONT_CHOICES.map((font) => ({
  value: font.value,
  label: font.label,
  preview: (
    <span aria-hidden="true" className="text-lg leading-none text-slate-700" style={{ fontFamily: font.stack }}>
      Aa
    </span>
  ),
}));
const shapeChoices: Choice<Design['photoShape']>[] = PHOTO_SHAPES.map((value) => ({
  value,
  label: PHOTO_SHAPE_LABELS[value],
  preview: <span aria-hidden="true" className={`h-6 w-6 bg-slate-300 ${SHAPE_RADIUS[value]}`} />,
}));

/**
 * The swatches to show and the one that is chosen. The stored colour matches its swatch whatever
 * its case or length (#333 is Charcoal); a colour outside the list (an older choice, or one set
 * through the API) gets a Custom swatch of its own, so the group always shows what the signature
 * holds. Anything that is not a colour shows as the fallback, as the signature renders it.
 */
function swatchesFor(choices: readonly ColorChoice[], stored: string, fallback: string) {
  const selected = normaliseHexColor(stored) ?? fallback;
  const listed = choices.some((choice) => choice.value === selected);
  return { selected, choices: listed ? choices : [...choices, { value: selected, label: 'Custom' }] };
}

/** Colour swatches with radio semantics, and a colour of one's own beside them. */
function ColorSwatches(props: {
  label: string;
  hint?: string;
  choices: readonly ColorChoice[];
  columns: 4 | 5;
  value: string;
  fallback: string;
  onChange: (next: string) => void;
}) {
  const labelId = useId();
  const { selected, choices } = swatchesFor(props.choices, props.value, props.fallback);
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-700">
          {props.label}
        </span>
        {props.hint && <span className="text-xs text-slate-500">{props.hint}</span>}
      </div>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={selected}
        onValueChange={props.onChange}
        className={`grid gap-2 ${props.columns === 5 ? 'grid-cols-5' : 'grid-cols-4'}`}
      >
        {choices.map((color) => (
          <RadioGroup.Item
            key={color.value}
            value={color.value}
            aria-label={color.label}
            title={`${color.label} (${color.value})`}
            className="group flex flex-col items-center gap-1.5 rounded-lg p-1.5 text-center hover:bg-slate-50"
          >
            <span
              aria-hidden="true"
              className="flex h-9 w-9 items-center justify-center rounded-full ring-offset-2 group-data-[state=checked]:ring-2 group-data-[state=checked]:ring-slate-900"
              style={{ backgroundColor: color.value }}
            >
              <Check className="hidden h-4 w-4 text-white group-data-[state=checked]:block" />
            </span>
            <span className="text-[11px] leading-tight text-slate-600 group-data-[state=checked]:font-medium group-data-[state=checked]:text-slate-900">
              {color.label}
            </span>
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <CustomColourField label={props.label} value={selected} onChange={props.onChange} />
    </div>
  );
}

export function DesignTab({ design, onChange }: { design: Design; onChange: (patch: SignaturePatch) => void }) {
  const setDesign = (change: Partial<Design>) => onChange({ design: change });
  return (
    <div className="grid gap-6">
      <TabIntro title="Design">Every choice here is Gmail-safe.</TabIntro>
      <ChoiceGroup
        label="Template Style"
        value={design.template}
        choices={templateChoices}
        onChange={(template) => setDesign({ template })}
      />
      <ColorSwatches
        label="Color Scheme"
        choices={EDITOR_COLOR_CHOICES}
        columns={5}
        value={design.primaryColor}
        fallback={DEFAULT_PRIMARY_COLOR}
        onChange={(primaryColor) => setDesign({ primaryColor })}
      />
      {/* Both lists hold every account colour, so a colour from the organization's defaults shows as chosen. */}
      <ColorSwatches
        label="Secondary colour"
        hint="Job title, company and contact details."
        choices={SECONDARY_COLORS}
        columns={4}
        value={design.secondaryColor}
        fallback={DEFAULT_SECONDARY_COLOR}
        onChange={(secondaryColor) => setDesign({ secondaryColor })}
      />
      <ChoiceGroup
        label="Font Style"
        value={design.fontFamily}
        choices={fontChoices}
        onChange={(fontFamily) => setDesign({ fontFamily })}
      />
      <ChoiceGroup
        label="Layout"
        value={design.layout}
        choices={layoutChoices}
        columns={3}
        onChange={(layout) => setDesign({ layout })}
      />
      <ChoiceGroup
        label="Photo shape"
        hint="Outlook for Windows always shows photos square."
        value={design.photoShape}
        choices={shapeChoices}
        columns={3}
        onChange={(photoShape) => setDesign({ photoShape })}
      />
    </div>
  );
}
