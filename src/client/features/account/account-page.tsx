import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LogoHomeLink } from '../../components/site-header/logo-home-link';
import { MenuItem, UserMenu } from '../../components/user-menu';
import { useSession } from '../../api/session';
import { ACCOUNT_TABS, tabFromParam, type AccountTabId } from './account-tabs';
import { Select, Spinner } from './account-ui';
import { UnsavedChangesGuard } from './unsaved-changes';

const TAB_SCREENS: Record<AccountTabId, ComponentType> = {
  profile: lazy(() => import('./profile-tab').then((m) => ({ default: m.ProfileTab }))),
  organization: lazy(() => import('./organization-tab').then((m) => ({ default: m.OrganizationTab }))),
  billing: lazy(() => import('./billing-tab').then((m) => ({ default: m.BillingTab }))),
  team: lazy(() => import('./team-tab').then((m) => ({ default: m.TeamTab }))),
  defaults: lazy(() => import('./defaults-tab').then((m) => ({ default: m.DefaultsTab }))),
  workspace: lazy(() => import('./workspace-tab').then((m) => ({ default: m.WorkspaceTab }))),
  assets: lazy(() => import('./assets-tab').then((m) => ({ default: m.AssetsTab }))),
  security: lazy(() => import('./security-tab').then((m) => ({ default: m.SecurityTab }))),
  danger: lazy(() => import('./danger-tab').then((m) => ({ default: m.DangerTab }))),
};

function AccountHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <LogoHomeLink className="rounded-md" />
        <div className="flex items-center gap-2 sm:gap-3">
          <Link
            to="/editor"
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            <span className="sm:hidden">Editor</span>
            <span className="hidden sm:inline">Back to editor</span>
          </Link>
          <UserMenu onLoggedOut={() => window.location.assign('/')}>
            <MenuItem onSelect={() => window.location.assign('/editor')}>Go to Editor</MenuItem>
          </UserMenu>
        </div>
      </div>
    </header>
  );
}

/** The account area at /account/{tab?}: sign-in required, eight tabs, a select on small screens. */
export function AccountPage() {
  const { data: session, isPending, isError } = useSession();
  const { tab: param } = useParams();
  const navigate = useNavigate();
  const tab = tabFromParam(param);
  const signedOut = !isPending && !isError && session === null;

  useEffect(() => {
    // A full page load, as the spec asks: the login page starts clean. Not when the person is
    // already on the way out (account deleted → home): the URL has moved on before this screen unmounts.
    if (signedOut && window.location.pathname.startsWith('/account')) window.location.assign('/login');
  }, [signedOut]);

  if (isPending || signedOut) {
    return (
      <div className="flex min-h-full items-center justify-center bg-slate-50">
        <Spinner label={signedOut ? 'Redirecting to login…' : 'Loading your account…'} />
      </div>
    );
  }

  const Screen = TAB_SCREENS[tab];
  const current = ACCOUNT_TABS.find((t) => t.id === tab)!;
  return (
    <div className="min-h-full bg-slate-50">
      <AccountHeader />
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
        <div className="mb-6">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Account settings</h1>
          <p className="mt-1 text-sm text-slate-600">
            Manage your profile, your organization and its team, and how new signatures start.
          </p>
        </div>
        <div className="md:hidden">
          <label htmlFor="account-section" className="mb-1.5 block text-sm font-medium text-slate-700">
            Section
          </label>
          <Select
            id="account-section"
            value={tab}
            onChange={(e) => navigate(ACCOUNT_TABS.find((t) => t.id === e.target.value)!.path)}
          >
            {ACCOUNT_TABS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-8 md:mt-0 md:grid-cols-[220px_minmax(0,1fr)]">
          <nav aria-label="Account sections" className="hidden md:block">
            <ul className="sticky top-24 grid gap-0.5">
              {ACCOUNT_TABS.map((t) => (
                <li key={t.id}>
                  <Link
                    to={t.path}
                    aria-current={t.id === tab ? 'page' : undefined}
                    className={`flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                      t.id === tab
                        ? `bg-white shadow-sm ring-1 ring-slate-200 ${t.id === 'danger' ? 'text-red-700' : 'text-brand-dark'}`
                        : t.id === 'danger'
                          ? 'text-red-700 hover:bg-red-50'
                          : 'text-slate-600 hover:bg-white hover:text-slate-900'
                    }`}
                  >
                    <t.icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" aria-labelledby="account-tab-title" className="min-w-0">
            <h2 id="account-tab-title" className="sr-only">
              {current.label}
            </h2>
            <UnsavedChangesGuard>
              <Suspense fallback={<Spinner />}>
                <Screen key={tab} />
              </Suspense>
            </UnsavedChangesGuard>
          </main>
        </div>
      </div>
    </div>
  );
}
