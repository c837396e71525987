/** @vitest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '../../lib/toast-store';
import { ImageUrlField } from './image-url-field';
import { typedImageUrlNotAdded } from './pending-edits';

const toasts: ToastInput[] = [];
vi.mock('../../lib/toast-store', () => ({ toast: (input: ToastInput) => toasts.push(input) }));
const openAuthDialog = vi.fn();
vi.mock('../../components/auth-dialog/auth-dialog-store', () => ({
  openAuthDialog: (tab: string) => openAuthDialog(tab),
}));
const rehost = vi.fn();
vi.mock('./upload-image', () => ({ rehostImageUrl: (url: string, id: string | null) => rehost(url, id) }));

const TYPED = 'https://cdn.example.com/logo.png';
const STORED = '/objects/q7mz4kx2vb5nw3hj6tpa-80x80.png';

beforeEach(() => {
  toasts.length = 0;
  rehost.mockReset();
  openAuthDialog.mockReset();
});
afterEach(cleanup);

function field(signedIn: boolean) {
  const onAdd = vi.fn();
  render(<ImageUrlField signedIn={signedIn} signatureId="sig-1" onAdd={onAdd} />);
  return { onAdd, input: screen.getByLabelText('Image URL') as HTMLInputElement };
}

describe('Image URL: a typed address is applied', () => {
  it('on Enter', async () => {
    rehost.mockResolvedValue({ objectPath: STORED });
    const { onAdd, input } = field(true);
    fireEvent.change(input, { target: { value: TYPED } });
    expect(typedImageUrlNotAdded()).toBe(TYPED);
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(rehost).toHaveBeenCalledWith(TYPED, 'sig-1');
    expect(onAdd).toHaveBeenCalledWith(STORED);
    expect(input.value).toBe('');
    expect(typedImageUrlNotAdded()).toBe('');
  });

  it('on leaving the field, once even when leaving it for Add', async () => {
    let finish: (value: { objectPath: string }) => void = () => undefined;
    rehost.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { onAdd, input } = field(true);
    fireEvent.change(input, { target: { value: TYPED } });
    await act(async () => {
      fireEvent.blur(input);
      fireEvent.click(screen.getByRole('button', { name: /Add/ }));
    });
    // While it is being added, an export waits for it (pending edits) instead of calling it unadded.
    expect(typedImageUrlNotAdded()).toBe('');
    await act(async () => finish({ objectPath: STORED }));
    expect(rehost).toHaveBeenCalledTimes(1);
    expect(onAdd).toHaveBeenCalledWith(STORED);
  });

  it('stays marked as not added when refused, or when leaving it signed out', async () => {
    rehost.mockRejectedValue(new Error('That address answered with an error (404).'));
    const signedIn = field(true);
    fireEvent.change(signedIn.input, { target: { value: TYPED } });
    await act(async () => {
      fireEvent.blur(signedIn.input);
    });
    expect(toasts.at(-1)).toMatchObject({ title: 'Image not added' });
    expect(typedImageUrlNotAdded()).toBe(TYPED);
    cleanup();
    expect(typedImageUrlNotAdded()).toBe('');

    const visitor = field(false);
    fireEvent.change(visitor.input, { target: { value: TYPED } });
    await act(async () => {
      fireEvent.blur(visitor.input);
    });
    expect(openAuthDialog).not.toHaveBeenCalled();
    expect(typedImageUrlNotAdded()).toBe(TYPED);
  });
});
