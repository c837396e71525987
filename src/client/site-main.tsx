import './site.css';

/**
 * Entry of every prerendered page (/, /pricing, /contact, /terms, /privacy, the 404 page). Their
 * HTML is already on screen; this makes it interactive: the public-site pages without the app's
 * router or any screen of the app, /pricing with the whole app (docs/decisions, public site).
 */

/**
 * Resolves once the browser reports the first contentful paint (the prerendered text on screen),
 * or after a while if it never does (a tab opened in the background paints nothing).
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer?.disconnect();
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(done, 2_000);
    let observer: PerformanceObserver | undefined;
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(done, 0);
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}

// React is evaluated only once the prerendered HTML is on screen: the text shows first, whatever
// the device's speed, and hydration follows.
async function hydratePrerenderedPage() {
  await afterFirstContentfulPaint();
  const root = document.getElementById('root')!;
  // /pricing is an app screen (it needs the app's router); the others are public-site pages.
  if (root.dataset.page === 'pricing') {
    const { hydrateAppPage } = await import('./site/hydrate-app-page');
    await hydrateAppPage(root);
  } else {
    const { hydrateSitePage } = await import('./site/hydrate-site-page');
    await hydrateSitePage(root);
  }
}

void hydratePrerenderedPage();
