import { startApp } from './support/app-server';
import { openBrowser } from './support/browser';
const app = await startApp();
const b = await openBrowser(app.url, { width: 375, height: 812 });
await b.context.request.post(`${app.url}/api/auth/signup`, { data: { email: 'averyveryverylongemail375@example.com', password: 'Sup3r-secret-pass', name: 'X', termsAccepted: true } });
await b.context.request.post(`${app.url}/api/organization/invitations`, { data: { email: `mate@example.com`, role: 'admin' } });
for (const tab of (process.argv[2] ?? 'team').split(',')) {
  await b.page.goto(`${app.url}/account/${tab}`);
  await b.page.waitForTimeout(1200);
  const wide = await b.page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 0.5) out.push(`${el.tagName}.${(el.getAttribute('class') ?? '').slice(0, 80)} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
    }
    return { doc: document.documentElement.scrollWidth, out: out.slice(0, 12) };
  });
  console.log(tab, JSON.stringify(wide, null, 1));
}
await b.close(); await app.stop(); process.exit(0);
