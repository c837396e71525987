import { startApp } from './support/app-server';
import { openBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';

const app = await startApp();
const tabs = ['', 'organization', 'billing', 'team', 'defaults', 'assets', 'security', 'danger'];
for (const width of [1280, 375]) {
  const b = await openBrowser(app.url, { width, height: width === 375 ? 812 : 860 });
  const email = `shot${width}@example.com`;
  const r = await b.context.request.post(`${app.url}/api/auth/signup`, { data: { email, password: 'Sup3r-secret-pass', name: 'Olivia Owner', termsAccepted: true } });
  console.log('signup', r.status());
  await b.context.request.post(`${app.url}/api/organization/invitations`, { data: { email: `mate${width}@example.com`, role: 'admin' } });
  for (const tab of tabs) {
    await b.page.goto(`${app.url}/account/${tab}`);
    await b.page.waitForTimeout(900);
    await b.page.screenshot({ path: `/tmp/sp-scratch/${tab || 'profile'}-${width}.png`, fullPage: true });
  }
  const mail = await waitForMail(app.dataDir, `mate${width}@example.com`, /invited you/);
  const link = /https?:\/\/\S+\/invitations\/\S+/.exec(mail.text ?? '')![0];
  const anon = await openBrowser(app.url, { width, height: width === 375 ? 812 : 860 });
  await anon.page.goto(link);
  await anon.page.waitForTimeout(900);
  await anon.page.screenshot({ path: `/tmp/sp-scratch/invite-${width}.png`, fullPage: true });
  await anon.close();
  await b.close();
}
await app.stop();
process.exit(0);
