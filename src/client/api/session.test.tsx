/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../shared/account-types';
// The client's session and forms are tested against the real server on loopback, never a stand-in.
import { buildTestApp, describeEachDatabase, signUpUser, type TestApp } from '../../test-support/test-app';
import { useAuthDialog } from '../components/auth-dialog/auth-dialog-store';
import { choosePlan, selectFreePlan } from '../components/pricing/plan-choice';
import { useToasts } from '../lib/toast-store';
import { createQueryClient } from '../lib/query-client';
import { ME_QUERY_KEY, siteQueryClient, useLogout, useRefreshSession, useSession, useSessionChanged } from './session';
import { readSession, useKnownSession } from './session-probe';

/** A page on the server's origin: relative paths reach it, and its cookies are kept. */
function pageOn(origin: string) {
  let cookie = '';
  const nodeFetch = globalThis.fetch;
  const paths: string[] = [];
  return {
    paths,
    signInAs: (value: string) => (cookie = value),
    cookie: () => cookie,
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', cookie);
      paths.push(String(input));
      const res = await nodeFetch(new URL(String(input), origin), { ...init, headers });
      const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
      if (set.length > 0) cookie = set.filter((c) => !c.endsWith('=')).join('; ');
      return res;
    },
  };
}

describeEachDatabase('one client session', (kind) => {
  let running: TestApp;
  let page: ReturnType<typeof pageOn>;

  beforeAll(async () => {
    running = await buildTestApp(kind);
    page = pageOn(await running.app.listen({ port: 0, host: '127.0.0.1' }));
    vi.stubGlobal('fetch', page.fetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await running?.close();
  });
  afterEach(cleanup);

  const wrapperOf = (queryClient = createQueryClient()) => ({
    queryClient,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  });

  it("the public pages' probe and the app's useSession read the same session, once each", async () => {
    const { cookie, email } = await signUpUser(running.app, { name: 'Ada Lovelace' });
    page.signInAs(cookie);
    // The page's store is module state, read once per page: a new page is new modules.
    vi.resetModules();
    const { useKnownSession } = await import('./session-probe');
    page.paths.length = 0;
    const probe = renderHook(() => [useKnownSession(), useKnownSession()]);
    expect(probe.result.current).toEqual([undefined, undefined]);
    await waitFor(() => expect(probe.result.current[0]?.user.email).toBe(email));
    expect(probe.result.current[1]).toBe(probe.result.current[0]);
    expect(page.paths).toEqual(['/api/session']);

    const { queryClient, wrapper } = wrapperOf();
    const app = renderHook(() => [useSession(), useSession()] as const, { wrapper });
    await waitFor(() => expect(app.result.current[0].isSuccess).toBe(true));
    expect(page.paths).toEqual(['/api/session', '/api/session']);
    expect(app.result.current[1].data).toBe(app.result.current[0].data);
    expect(app.result.current[0].data).toEqual(probe.result.current[0]);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(app.result.current[0].data);
  });

  it("the public page's dialog and avatar menu share one cache, kept equal to the page's session", async () => {
    const { cookie } = await signUpUser(running.app);
    page.signInAs(cookie);
    const me = (await readSession())!;
    const header = renderHook(() => useKnownSession());
    const client = siteQueryClient();
    expect(siteQueryClient()).toBe(client);
    const { wrapper } = wrapperOf(client);

    // A sign-in in the dialog (useLoginForm → useSessionChanged) shows the avatar in the header.
    const dialog = renderHook(() => useSessionChanged(), { wrapper });
    await act(() => dialog.result.current(me));
    expect(header.result.current).toEqual(me);

    // A logout from the avatar menu (UserMenu → useLogout) ends the session and shows 'Log in' again.
    const menu = renderHook(() => ({ logout: useLogout(), session: useSession() }), { wrapper });
    expect(menu.result.current.session.data).toEqual(me);
    await act(() => menu.result.current.logout());
    expect(header.result.current).toBeNull();
    await waitFor(() => expect(menu.result.current.session.data).toBeNull());
    expect(
      (await running.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().user,
    ).toBeNull();
  });

  it("after joining an organization the session is read again; the screen's own copy stands in when none is found", async () => {
    const { cookie, email } = await signUpUser(running.app);
    const { queryClient, wrapper } = wrapperOf();
    queryClient.setQueryData(['/api/account/organization'], { name: 'old' });
    const stale = { user: { email: 'stale@example.com' } } as MeResponse;
    const { result } = renderHook(() => useRefreshSession(), { wrapper });

    page.signInAs(cookie);
    await act(() => result.current(stale));
    expect((queryClient.getQueryData(ME_QUERY_KEY) as MeResponse).user.email).toBe(email);
    expect(queryClient.getQueryState(['/api/account/organization'])!.isInvalidated).toBe(true);

    page.signInAs('');
    await act(() => result.current(stale));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(stale);
  });

  it('one plan choice: a visitor signs up first, a signed-in person goes to checkout or activates Free', async () => {
    const dialog = renderHook(() => useAuthDialog());
    const navigate = vi.fn();
    const activateFree = vi.fn();

    await act(() => choosePlan('standard', 'annual', false, navigate, activateFree));
    // The dialog names the plan chosen on the card (decision 0185).
    expect(dialog.result.current).toEqual({
      open: true,
      tab: 'signup',
      email: null,
      plan: { planId: 'standard', period: 'annual' },
      redirectTo: '/checkout?plan=standard&billing=annual',
    });
    await act(() => choosePlan('free', 'monthly', false, navigate, activateFree));
    expect(dialog.result.current.redirectTo).toBe('/editor');
    expect(navigate).not.toHaveBeenCalled();

    await choosePlan('pro', 'monthly', true, navigate, activateFree);
    expect(navigate).toHaveBeenCalledWith('/checkout?plan=pro&billing=monthly');
    expect(activateFree).not.toHaveBeenCalled();
    await choosePlan('free', 'annual', true, navigate, activateFree);
    expect(activateFree).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("the Free plan is really selected on the server; a refusal shows the spec's toast and is thrown on", async () => {
    const toasts = renderHook(() => useToasts());
    page.signInAs('');
    await expect(act(() => selectFreePlan())).rejects.toMatchObject({ status: 401 });
    expect(toasts.result.current[0]).toMatchObject({ title: 'Failed to activate free plan', variant: 'destructive' });

    const { cookie, user } = await signUpUser(running.app);
    page.signInAs(cookie);
    await selectFreePlan();
    const me = (
      await running.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })
    ).json() as MeResponse;
    expect(me.user.id).toBe(user.id);
    expect(me.user.subscriptionStatus).toBe('free');
  });
});
