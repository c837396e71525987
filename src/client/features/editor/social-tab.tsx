import { Plus, X } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import {
  LIMITS,
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_INFO,
  profileLinkProblem,
  type SignaturePatch,
  type SocialLinks,
  type SocialPlatform,
} from '../../../shared/signature/signature-schema';
import { socialIconPath } from '../../../shared/signature/social-icons';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toastRemoval } from '../../lib/removal-toast';
import { profileUrlFrom } from './field-checks';
import type { Refusals } from './refused-fields';
import { TabIntro } from './tab-intro';

function PlatformIcon({ platform, size = 20 }: { platform: SocialPlatform; size?: number }) {
  return <img src={socialIconPath(platform)} width={size} height={size} alt="" className="shrink-0" />;
}

/** The listed order, not insertion order: the server's JSON column does not keep key order. */
function addedPlatforms(links: SocialLinks): SocialPlatform[] {
  return SOCIAL_PLATFORMS.filter((platform) => typeof links[platform] === 'string');
}

export function SocialTab({
  socialLinks,
  refusals,
  onChange,
}: {
  socialLinks: SocialLinks;
  /** Links the autosave holds back as refused (decision 0180). */
  refusals: Refusals;
  onChange: (patch: SignaturePatch) => void;
}) {
  const added = addedPlatforms(socialLinks);
  const available = SOCIAL_PLATFORMS.filter((platform) => !added.includes(platform));
  const [focusPlatform, setFocusPlatform] = useState<SocialPlatform | null>(null);

  // A profile just added takes the focus, ready for its URL.
  useEffect(() => {
    if (!focusPlatform) return;
    document.getElementById(`social-${focusPlatform}`)?.focus();
    setFocusPlatform(null);
  }, [focusPlatform]);

  const setLinks = (next: SocialLinks) => onChange({ socialLinks: next });
  const addPlatform = (platform: SocialPlatform) => {
    setLinks({ ...socialLinks, [platform]: '' });
    setFocusPlatform(platform);
  };
  // Undo comes up to 10 s later: it restores into the links as they are then, not as they were.
  const latest = useRef(socialLinks);
  latest.current = socialLinks;
  const removePlatform = (platform: SocialPlatform) => {
    const link = socialLinks[platform] ?? '';
    const next = { ...socialLinks };
    delete next[platform];
    setLinks(next);
    toastRemoval(`${SOCIAL_PLATFORM_INFO[platform].label} removed`, () =>
      setLinks({ ...latest.current, [platform]: link }),
    );
  };

  return (
    <div className="grid gap-5">
      <TabIntro title="Social profiles">Icons link to your profiles; each needs its full URL.</TabIntro>
      {added.length > 0 ? (
        <ul className="grid gap-3" aria-label="Your social profiles">
          {added.map((platform) => {
            const info = SOCIAL_PLATFORM_INFO[platform];
            // The server refuses a link off the platform's hosts; say so here, beside the field.
            const refused = refusals[`socialLinks.${platform}`];
            const typed = profileLinkProblem(platform, socialLinks[platform] ?? '') ?? refused;
            const problem = typed && refused ? `Not saved. ${typed}` : typed;
            return (
              <li key={platform} className="grid gap-1.5">
                <label
                  htmlFor={`social-${platform}`}
                  className="flex items-center gap-2 text-sm font-medium text-slate-700"
                >
                  <PlatformIcon platform={platform} />
                  {info.label}
                </label>
                <div className="flex items-center gap-2">
                  <Input
                    id={`social-${platform}`}
                    type="url"
                    value={socialLinks[platform] ?? ''}
                    placeholder={info.placeholder}
                    maxLength={LIMITS.socialUrl}
                    onChange={(event) => setLinks({ ...socialLinks, [platform]: event.target.value })}
                    // '@name' and 'github.com/name' become the full profile address on leaving the field.
                    onBlur={(event) => {
                      const typed = event.target.value;
                      const url = profileUrlFrom(platform, typed);
                      if (url !== typed) setLinks({ ...socialLinks, [platform]: url });
                    }}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `social-${platform}-problem` : undefined}
                  />
                  <button
                    type="button"
                    aria-label={`Remove ${info.label}`}
                    className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-600"
                    onClick={() => removePlatform(platform)}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                  </button>
                </div>
                {problem && (
                  <p id={`social-${platform}-problem`} role="alert" className="text-xs text-red-600">
                    {problem}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No social profiles yet. Add one below.
        </p>
      )}
      {/* A picker, never a guess: the person says which platform they are adding. */}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" disabled={available.length === 0}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Social Profile
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            // The new profile's field takes the focus, not the button that opened the menu.
            onCloseAutoFocus={(event) => event.preventDefault()}
            className="z-50 max-h-[60vh] min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {available.map((platform) => (
              <DropdownMenu.Item
                key={platform}
                className="flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100"
                onSelect={() => addPlatform(platform)}
              >
                <PlatformIcon platform={platform} size={18} />
                {SOCIAL_PLATFORM_INFO[platform].label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {available.length > 0 && (
        <div className="grid gap-2">
          <span id="social-grid-label" className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Or pick a platform
          </span>
          <ul aria-labelledby="social-grid-label" className="grid grid-cols-6 gap-2">
            {available.map((platform) => {
              const { label } = SOCIAL_PLATFORM_INFO[platform];
              return (
                <li key={platform}>
                  <button
                    type="button"
                    aria-label={`Add ${label}`}
                    title={label}
                    className="flex aspect-square w-full items-center justify-center rounded-lg border border-slate-200 bg-white hover:border-brand hover:bg-brand/5"
                    onClick={() => addPlatform(platform)}
                  >
                    <PlatformIcon platform={platform} size={22} />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
