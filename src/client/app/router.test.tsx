/** @vitest-environment jsdom */
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('app router, first load', () => {
  it("shows the loading spinner, and no warning, while the first screen's lazy chunk loads", async () => {
    // The router reads the address when its module is evaluated: set it before importing.
    window.history.replaceState(null, '', '/terms');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = await import('./router');
    try {
      expect(router.state.initialized).toBe(false);
      render(<RouterProvider router={router} />);
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('HydrateFallback'));
    } finally {
      router.dispose();
    }
  });
});
