import { ClipboardCheck, Eye, ImageUp, Palette, Share2, Users } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { TEMPLATE_INFO } from '../../../shared/signature/template-info';
import { LandingSection } from './landing-section';

/** 'Professional, Minimal, Modern or Creative', from the one template catalogue. */
const TEMPLATE_NAMES = `${TEMPLATE_INFO.slice(0, -1)
  .map((t) => t.label)
  .join(', ')} or ${TEMPLATE_INFO[TEMPLATE_INFO.length - 1]!.label}`;

type Feature = { title: string; text: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const FEATURES: Feature[] = [
  {
    Icon: Eye,
    title: 'Live Gmail preview',
    text: 'See exactly what your recipients will see as you type. The preview shows the very HTML that Gmail receives.',
  },
  {
    Icon: ClipboardCheck,
    title: 'One-click copy to Gmail',
    text: "Copy to Gmail puts the signature on your clipboard as rich HTML and opens Gmail's settings, ready to paste.",
  },
  {
    Icon: ImageUp,
    title: 'Images that always show',
    text: 'Logos and photos are hosted over HTTPS and sized for email, so they appear for every recipient instead of as attachments.',
  },
  {
    Icon: Share2,
    title: 'Social profile icons',
    text: 'LinkedIn, X, Instagram, YouTube, GitHub and four more, as crisp icons that link straight to your profiles.',
  },
  {
    Icon: Palette,
    title: 'Templates that fit your brand',
    text: `${TEMPLATE_NAMES} templates, your colour and font, horizontal or vertical layout, or text only.`,
  },
  {
    Icon: Users,
    title: 'Built for teams',
    text: 'Seats, roles and organization defaults keep every signature on brand. Your trial includes 10 team seats.',
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      className="bg-white pb-10 pt-20 sm:pb-12 sm:pt-24"
      eyebrow="Features"
      title="Everything a signature needs, nothing Gmail breaks"
      intro="Gmail strips styles, blocks embedded images and limits a signature to 10,000 characters. SignaturePro builds within those rules for you."
    >
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border border-slate-200 bg-slate-50/60 p-6 transition-shadow hover:shadow-md"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-blue-100 text-brand-dark">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
            <p className="mt-2 leading-7 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
