import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderInApp } from '@/test/render';
import { CROP_AUTO_APPLY_MS } from '../lib/steps';
import { ImageToolsDialog } from './image-tools-dialog';

const IMAGE = { id: 'img-1', image_url: '/api/gallery-files/w/a.png', width: 400, height: 200 };
const SAVED = {
  ...IMAGE,
  id: 'img-2',
  name: 'a-edited.png',
  thumbnail_url: '/t.jpg',
  size: 10,
  content_type: 'image/png',
  create_at: '2026-11-28T20:00:00Z',
};

function open(onSaved = vi.fn()) {
  renderInApp(<ImageToolsDialog open image={IMAGE} onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}
const steps = () => screen.queryAllByTestId('image-tools-step').map((s) => s.textContent);
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('image tools dialog', () => {
  afterEach(() => vi.useRealTimers());

  it('applies the crop box 1000 ms after its last change, and a later change replaces it', () => {
    vi.useFakeTimers();
    open();
    type('crop-width', '300');
    act(() => vi.advanceTimersByTime(CROP_AUTO_APPLY_MS - 1));
    type('crop-height', '100');
    // The second change restarted the wait: 999 ms after it, still nothing.
    act(() => vi.advanceTimersByTime(CROP_AUTO_APPLY_MS - 1));
    expect(steps()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(steps()).toEqual(['Crop to 300 × 100 from 0, 0']);
    expect(screen.getByTestId('image-tools-size').textContent).toBe('300 × 100 px');

    type('crop-x', '50');
    act(() => vi.advanceTimersByTime(CROP_AUTO_APPLY_MS));
    expect(steps()).toEqual(['Crop to 300 × 100 from 50, 0']);
    // A box past the picture's edge is kept inside it.
    type('crop-x', '350');
    act(() => vi.advanceTimersByTime(CROP_AUTO_APPLY_MS));
    expect(steps()).toEqual(['Crop to 50 × 100 from 350, 0']);
  });

  it('saves the queued edits in order as one call and hands back the new image', async () => {
    const calls = mockApi((c) => (c.path === 'center/products/galleries/img-1/edit' ? { data: SAVED } : undefined));
    const onSaved = open();
    fireEvent.click(screen.getByTestId('tool-rotate'));
    fireEvent.click(screen.getByTestId('rotate-90'));
    expect(screen.getByTestId('image-tools-size').textContent).toBe('200 × 400 px');
    fireEvent.click(screen.getByTestId('tool-resize'));
    type('resize-width', '100');
    expect((screen.getByTestId('resize-height') as HTMLInputElement).value).toBe('200');
    fireEvent.click(screen.getByTestId('resize-apply'));
    fireEvent.click(screen.getByTestId('tool-convert'));
    type('convert-format', 'webp');
    fireEvent.click(screen.getByTestId('convert-apply'));
    expect(steps()).toEqual(['Rotate 90°', 'Resize to 100 × 200', 'Convert to WebP']);

    fireEvent.click(screen.getByTestId('image-tools-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    const edit = calls.find((c) => c.method === 'POST');
    expect(edit?.body).toEqual([{ rotate: 90 }, { resize: { width: 100, height: 200 } }, { convert: { format: 'webp' } }]);
  });

  it('sends one edit alone, shows the refusal, and keeps the edits', async () => {
    const calls = mockApi((c) =>
      c.path.endsWith('/edit')
        ? {
            status: 204,
            message: 'The image library holds at most 250 images',
            errors: { file: ['The image library holds at most 250 images'] },
          }
        : undefined,
    );
    const onSaved = open();
    fireEvent.click(screen.getByTestId('tool-compress'));
    type('compress-quality', '0');
    expect((screen.getByTestId('compress-apply') as HTMLButtonElement).disabled).toBe(true);
    type('compress-quality', '40');
    fireEvent.click(screen.getByTestId('compress-apply'));
    fireEvent.click(screen.getByTestId('image-tools-save'));
    expect(await screen.findByTestId('image-tools-error')).toHaveProperty('textContent', expect.stringContaining('at most 250 images'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ compress: { quality: 40 } });
    expect(onSaved).not.toHaveBeenCalled();
    expect(steps()).toEqual(['Compress to quality 40']);
  });

  it('refuses a resize beyond the server limits before sending it', () => {
    open();
    fireEvent.click(screen.getByTestId('tool-resize'));
    type('resize-width', '9000');
    expect(screen.getByTestId('resize-limit')).toBeTruthy();
    expect((screen.getByTestId('resize-apply') as HTMLButtonElement).disabled).toBe(true);
  });
});
