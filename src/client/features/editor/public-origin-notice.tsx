import { ChevronDown, TriangleAlert } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import type { PublicOriginCheck } from '../../../shared/public-origin';

/** Who reads the notice: the people who can fix the server (owners, admins, a visitor trying it on their own machine), or a member. */
export type NoticeAudience = 'operator' | 'member';

const SEEN_KEY = 'sp:public-origin-notice:seen';

/**
 * What the pre-flight panel says instead of repeating how to set PUBLIC_URL, while this notice is
 * shown: the server's address is explained once, in words for the reader's role.
 */
export function serverAddressFixFor(check: PublicOriginCheck, audience: NoticeAudience): string | undefined {
  if (check.ok) return undefined;
  return audience === 'member'
    ? 'Nothing to change in your signature: this is the server’s address, and your organization’s owner and admins see how to fix it.'
    : `The server’s address: see “${check.title}” above for how to fix it.`;
}

function seenBefore(message: string): boolean {
  try {
    return window.localStorage.getItem(SEEN_KEY) === message;
  } catch {
    return false;
  }
}

function markSeen(message: string | null) {
  try {
    if (message === null) window.localStorage.removeItem(SEEN_KEY);
    else window.localStorage.setItem(SEEN_KEY, message);
  } catch {
    // Private mode without storage: the notice simply opens again next time.
  }
}

/**
 * Beside the preview: recipients cannot load images from this server's PUBLIC_URL. Owners and admins
 * read how to fix it once, in full; after that it starts folded to one line they can open. A member
 * cannot fix a server setting: they read what it means for them and that their admins see it too.
 */
export const PublicOriginNotice = memo(function PublicOriginNotice({
  check,
  audience,
}: {
  check: PublicOriginCheck;
  audience: NoticeAudience;
}) {
  const message = check.ok ? '' : check.message;
  const [open, setOpen] = useState(() => audience === 'member' || !seenBefore(message));
  // Read once in full: the next visit starts folded (until this message changes).
  useEffect(() => {
    if (audience === 'operator' && message) markSeen(message);
  }, [audience, message]);
  if (check.ok) return null;
  const toggle = () => {
    setOpen(!open);
    markSeen(open ? message : null);
  };
  return (
    <div
      role="note"
      data-testid="public-origin-notice"
      data-open={open}
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {audience === 'member' ? (
          <>
            <p className="font-semibold">Images may not load for the people you write to</p>
            <p className="mt-1 break-words">
              This server is not yet set up to be reached from the internet, so the pictures in your signature can show
              as empty boxes. Your organization’s owner and admins see how to fix it here. Copying still works.
            </p>
          </>
        ) : (
          <>
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold">{check.title}</p>
              <button
                type="button"
                onClick={toggle}
                aria-expanded={open}
                className="-my-1 inline-flex shrink-0 items-center gap-1 rounded px-2 py-1 text-xs font-medium text-amber-900 hover:bg-amber-100"
              >
                {open ? 'Hide' : 'How to fix'}
                <ChevronDown
                  className={`h-3.5 w-3.5 transition-transform ${open ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
              </button>
            </div>
            {open && (
              <p className="mt-1 break-words">{check.message} Copying still works, so you can try everything here.</p>
            )}
          </>
        )}
      </div>
    </div>
  );
});
