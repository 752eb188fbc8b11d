import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { renderInApp } from '@/test/render';
import { VIDEO_AUTOPLAY_DELAY_MS, videoErrorKey } from '../lib/video';
import { ProductVideo } from './product-video';

describe('video error keys', () => {
  it('maps MediaError codes 1 to 4 to their keys, anything else to unknown', () => {
    for (const code of [1, 2, 3, 4]) expect(videoErrorKey(code)).toBe(`findProduct.video.error_video_code_${code}`);
    for (const code of [0, 5, -1, null, undefined]) expect(videoErrorKey(code)).toBe('findProduct.video.error_video_unknown');
  });
});

describe('product video', () => {
  let play: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom plays no media: the spy stands for the browser's play().
    play = vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    play.mockRestore();
    vi.useRealTimers();
  });

  it('shows the poster first and starts muted 3000 ms after it is shown', () => {
    renderInApp(<ProductVideo src="https://v.test/1.webm" poster="https://img.test/1.jpg" title="Lamp" />);
    const video = screen.getByTestId('detail-video') as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe('https://img.test/1.jpg');
    expect(video.muted).toBe(true);
    act(() => vi.advanceTimersByTime(VIDEO_AUTOPLAY_DELAY_MS - 1));
    expect(play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(play).toHaveBeenCalledTimes(1);
    expect(VIDEO_AUTOPLAY_DELAY_MS).toBe(3000);
  });

  it('does not start once it is gone', () => {
    const { unmount } = renderInApp(<ProductVideo src="https://v.test/1.webm" title="Lamp" />);
    unmount();
    act(() => vi.advanceTimersByTime(VIDEO_AUTOPLAY_DELAY_MS * 2));
    expect(play).not.toHaveBeenCalled();
  });

  const fail = (code: number) => {
    renderInApp(<ProductVideo src="https://v.test/broken.webm" title="Lamp" />);
    const video = screen.getByTestId('detail-video');
    Object.defineProperty(video, 'error', { configurable: true, value: { code } });
    fireEvent.error(video);
    return screen.getByTestId('detail-video-error').textContent;
  };

  it('says why a video failed, from its MediaError code', () => {
    expect(fail(3)).toBe(en.findProduct.video.error_video_code_3);
  });

  it('says the video could not play for a code outside 1 to 4', () => {
    expect(fail(9)).toBe(en.findProduct.video.error_video_unknown);
  });

  it('does not try to play a video that already failed', () => {
    fail(2);
    act(() => vi.advanceTimersByTime(VIDEO_AUTOPLAY_DELAY_MS));
    expect(play).not.toHaveBeenCalled();
  });
});
