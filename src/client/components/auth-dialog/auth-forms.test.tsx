/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../../shared/account-types';
// The client's session and forms are tested against the real server on loopback, never a stand-in.
import { buildTestApp, describeEachDatabase, signUpUser, type TestApp } from '../../../test-support/test-app';
import { useToasts } from '../../lib/toast-store';
import { ApiError, errorMessage, NetworkError, tooManyRequestsWords } from '../../lib/api';
import { loginFailure, signupFailure, useLoginForm, useSignupForm } from './auth-forms';
import { createQueryClient } from '../../lib/query-client';
import { ME_QUERY_KEY, readSession } from '../../api/session';

/**
 * The client's form hooks against the real server (Fastify on loopback, real database): the
 * browser's fetch is given the server's origin and keeps its cookies, as a page on that origin would.
 */
function browserFetch(origin: string) {
  const jar = new Map<string, string>();
  const nodeFetch = globalThis.fetch;
  return {
    clearCookies: () => jar.clear(),
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      const res = await nodeFetch(new URL(String(input), origin), { ...init, headers });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
        if (value && !/max-age=0/i.test(cookie)) jar.set(name, value);
        else jar.delete(name);
      }
      return res;
    },
  };
}

const PASSWORD = 'Sup3r-secret-pass';

describeEachDatabase('one login and one signup form hook', (kind) => {
  let running: TestApp;
  let browser: ReturnType<typeof browserFetch>;

  beforeAll(async () => {
    running = await buildTestApp(kind);
    const address = await running.app.listen({ port: 0, host: '127.0.0.1' });
    browser = browserFetch(address);
    vi.stubGlobal('fetch', browser.fetch);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await running?.close();
  });
  afterEach(() => {
    cleanup();
    browser.clearCookies();
  });

  function withCache() {
    const queryClient = createQueryClient();
    // Something another screen had read with the old session: it must be read again after a login.
    queryClient.setQueryData(['/api/signatures'], []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return { queryClient, wrapper };
  }

  it('logs in: the session is stored in the cache, everything else is read again, then the screen goes on', async () => {
    const { email } = await signUpUser(running.app);
    const { queryClient, wrapper } = withCache();
    const signedIn = vi.fn<(me: MeResponse) => void>();
    const { result } = renderHook(() => useLoginForm({ onSignedIn: signedIn }), { wrapper });

    act(() => {
      result.current.form.setValue('email', email.toUpperCase());
      result.current.form.setValue('password', PASSWORD);
    });
    await act(() => result.current.onSubmit());

    expect(signedIn).toHaveBeenCalledTimes(1);
    const me = signedIn.mock.calls[0]![0];
    expect(me.user.email).toBe(email);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
    expect(queryClient.getQueryState(['/api/signatures'])!.isInvalidated).toBe(true);
    // The cookie the server set is the session the next read finds.
    expect((await readSession())!.user.email).toBe(email);
  });

  it("a refused login keeps what was typed and says so in the screen's words; 429 gives the server's words", async () => {
    const { email } = await signUpUser(running.app);
    const { queryClient, wrapper } = withCache();
    const signedIn = vi.fn();
    const { result } = renderHook(
      () => ({
        dialog: useLoginForm({ onSignedIn: signedIn }),
        page: useLoginForm({ screen: 'login-page', onSignedIn: signedIn }),
        toasts: useToasts(),
      }),
      { wrapper },
    );

    /** Types the email and `password` into one of the two forms and submits it. */
    const logIn = async (which: 'dialog' | 'page', password: string) => {
      act(() => {
        result.current[which].form.setValue('email', email);
        result.current[which].form.setValue('password', password);
      });
      await act(() => result.current[which].onSubmit());
    };

    await logIn('dialog', 'wrong-password');
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Login failed',
      description: 'Invalid email or password.',
      variant: 'destructive',
    });
    expect(result.current.dialog.form.getValues()).toEqual({ email, password: 'wrong-password' });

    await logIn('page', 'wrong-again');
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Login Failed',
      description: 'Invalid email or password.',
    });
    expect(result.current.page.form.getValues()).toEqual({ email, password: 'wrong-again' });

    // Five attempts per account in 15 minutes (ASVS 6.3.1); the sixth is refused with a 429.
    for (let attempt = 3; attempt <= 6; attempt++) await act(() => result.current.page.onSubmit());
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Login Failed',
      description: 'Too many failed login attempts. Please try again in 15 minutes, or reset your password.',
    });
    expect(result.current.page.form.getValues()).toEqual({ email, password: 'wrong-again' });
    expect(signedIn).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
    expect(await readSession()).toBeNull();
  });

  it('checks the fields before sending: nothing reaches the server with an empty password', async () => {
    const { wrapper } = withCache();
    const signedIn = vi.fn();
    const { result } = renderHook(() => useLoginForm({ onSignedIn: signedIn }), { wrapper });
    act(() => result.current.form.setValue('email', 'not-an-address'));
    await act(() => result.current.onSubmit());
    await waitFor(() => expect(result.current.errors.email?.message).toBe('Please enter a valid email'));
    expect(result.current.errors.password?.message).toBe('Password is required');
    expect(signedIn).not.toHaveBeenCalled();
  });

  it("the invitation's form sends the invited address, and leaves the session to the screen", async () => {
    const { email } = await signUpUser(running.app);
    const { queryClient, wrapper } = withCache();
    const signedIn = vi.fn<(me: MeResponse) => void>();
    const { result } = renderHook(() => useLoginForm({ email, seedSession: false, onSignedIn: signedIn }), { wrapper });
    act(() => result.current.form.setValue('password', PASSWORD));
    await act(() => result.current.onSubmit());
    expect(signedIn.mock.calls[0]![0].user.email).toBe(email);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
  });

  it('signs up: the answer goes to the screen and the new session is readable; a taken address gets the same answer and no session', async () => {
    const { wrapper } = withCache();
    const email = `new-${Date.now()}@example.com`;
    const signedUp = vi.fn();
    const { result } = renderHook(() => useSignupForm({ onSignedUp: signedUp }), { wrapper });

    act(() => {
      result.current.form.setValue('email', email);
      result.current.form.setValue('password', PASSWORD);
    });
    await act(() => result.current.onSubmit());
    expect(result.current.errors.termsAccepted?.message).toBe('You must accept the terms and privacy policy');
    expect(signedUp).not.toHaveBeenCalled();

    act(() => result.current.form.setValue('termsAccepted', true));
    await act(() => result.current.onSubmit());
    expect(signedUp).toHaveBeenCalledWith({ message: expect.any(String), email });
    expect((await readSession())!.user.email).toBe(email);

    browser.clearCookies();
    const again = renderHook(() => useSignupForm({ email, onSignedUp: signedUp }), { wrapper });
    act(() => {
      again.result.current.form.setValue('password', 'An0ther-password');
      again.result.current.form.setValue('termsAccepted', true);
    });
    await act(() => again.result.current.onSubmit());
    expect(signedUp).toHaveBeenLastCalledWith(signedUp.mock.calls[0]![0]);
    expect(await readSession()).toBeNull();
  });
});

describe("the client's words for refusals", () => {
  const tooMany = (code?: string, message = '') => new ApiError(429, message, {}, code);

  it("one 429 rule: our server's words, else the spec's", () => {
    expect(
      tooManyRequestsWords(
        tooMany('RATE_LIMITED', 'Too many signups from your network. Please try again in 5 minutes.'),
      ),
    ).toBe('Too many signups from your network. Please try again in 5 minutes.');
    // A proxy's 429 page carries no code: its text is never shown.
    expect(tooManyRequestsWords(tooMany(undefined, '<html>429 Too Many Requests</html>'))).toBe(
      'Too many requests. Please try again in a few minutes.',
    );
    expect(tooManyRequestsWords(new ApiError(401, 'Invalid email or password.'))).toBeNull();
    expect(tooManyRequestsWords(new NetworkError())).toBeNull();
    expect(errorMessage(tooMany(undefined, '<html>'), 'fallback')).toBe(
      'Too many requests. Please try again in a few minutes.',
    );
  });

  it('login and signup words per screen (spec section 8)', () => {
    expect(loginFailure(new ApiError(401, ''), 'dialog')).toEqual({
      title: 'Login failed',
      description: 'Invalid email or password.',
    });
    expect(loginFailure(new ApiError(401, ''), 'login-page')).toEqual({
      title: 'Login Failed',
      description: 'Invalid email or password',
    });
    expect(loginFailure(new NetworkError(), 'login-page')).toEqual({
      title: 'Login Failed',
      description: 'Something went wrong. Please try again.',
    });
    expect(loginFailure(new NetworkError(), 'dialog').description).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(loginFailure(tooMany(), 'login-page').description).toBe(
      'Too many requests. Please try again in a few minutes.',
    );
    expect(signupFailure(new Error('chunk')).description).toBe('Something went wrong. Please try again.');
    expect(signupFailure(new ApiError(400, 'Please enter a valid email', {}, 'VALIDATION'))).toEqual({
      title: 'Signup failed',
      description: 'Please enter a valid email',
    });
  });
});
