import { useEffect, useState } from 'react';
import type { DesignTab } from './design-tab';
import type { ImagesTab } from './images-tab';
import type { LockedSection } from './locked-section';
import type { SocialTab } from './social-tab';

export type LaterTabs = {
  ImagesTab: typeof ImagesTab;
  SocialTab: typeof SocialTab;
  DesignTab: typeof DesignTab;
  /** Used only around these tabs, so it comes with them. */
  LockedSection: typeof LockedSection;
};

/** Once loaded, for every later editor panel of the page's life (switching signatures). */
let loaded: LaterTabs | null = null;

function loadLaterTabs(): Promise<LaterTabs> {
  return Promise.all([
    import('./images-tab'),
    import('./social-tab'),
    import('./design-tab'),
    import('./locked-section'),
  ]).then(([images, social, design, locked]) => {
    loaded = {
      ImagesTab: images.ImagesTab,
      SocialTab: social.SocialTab,
      DesignTab: design.DesignTab,
      LockedSection: locked.LockedSection,
    };
    return loaded;
  });
}

/**
 * The Images, Social and Design tabs, requested as soon as the panel mounts (decision 0184): the
 * Details tab comes with the editor; these follow its first paint, so the first load stays within
 * its budget and a tab opened a moment later is already there. Plain state rather than
 * React.lazy, so a tab whose code has arrived never shows a loading frame. `failed` after a
 * failed load (offline): the person is told to reload.
 */
export function useLaterTabs(): { tabs: LaterTabs | null; failed: boolean } {
  const [tabs, setTabs] = useState<LaterTabs | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (tabs) return;
    let live = true;
    loadLaterTabs().then(
      (next) => live && setTabs(next),
      (error: unknown) => {
        console.error('Loading the editor tabs failed', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [tabs]);
  return { tabs, failed };
}

export function TabLoading({ failed }: { failed: boolean }) {
  return (
    <p role="status" className="text-sm text-slate-500">
      {failed ? 'This tab could not be loaded. Check your connection and reload the page.' : 'Loading…'}
    </p>
  );
}
