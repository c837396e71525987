/** @vitest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { lazyOpener, type OpensOnArrival } from './lazy-opener';

afterEach(cleanup);

/** A control whose code arrives only when the test says so. */
function deferredMenu() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  function Menu({ label, defaultOpen }: { label: string } & OpensOnArrival) {
    return (
      <div>
        <button type="button">{label}</button>
        {defaultOpen && <div role="menu">{label} menu</div>}
      </div>
    );
  }
  const Lazy = lazyOpener<{ label: string }>(
    () => arrived.then(() => Menu),
    ({ label, onOpen }) => (
      <button type="button" onClick={onOpen}>
        {label} (loading)
      </button>
    ),
  );
  return { Lazy, arrive: () => act(async () => arrive()) };
}

it('shows the stand-in until the code arrives, then the real control, closed', async () => {
  const { Lazy, arrive } = deferredMenu();
  render(<Lazy label="More ways" />);
  expect(screen.getByRole('button', { name: 'More ways (loading)' })).toBeTruthy();
  await arrive();
  expect(screen.getByRole('button', { name: 'More ways' })).toBeTruthy();
  expect(screen.queryByRole('menu')).toBeNull();
});

it('keeps a press on the stand-in and opens the real control when it arrives', async () => {
  const { Lazy, arrive } = deferredMenu();
  render(<Lazy label="Help" />);
  fireEvent.click(screen.getByRole('button', { name: 'Help (loading)' }));
  await arrive();
  expect(screen.getByRole('menu').textContent).toBe('Help menu');
});
