import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, removeItem } from '@/lib/storage';
import { scheduleFeedback } from './prompt';

describe('feedback prompt', () => {
  afterEach(() => {
    vi.useRealTimers();
    removeItem(STORAGE_KEYS.feedbackOpened);
  });

  it('opens 5 s after the first multi-import, and never again', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    expect(scheduleFeedback(open)).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(open).toHaveBeenCalledTimes(1);
    expect(scheduleFeedback(open)).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(open).toHaveBeenCalledTimes(1);
  });
});
