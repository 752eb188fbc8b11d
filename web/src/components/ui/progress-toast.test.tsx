import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@/lib/env';
import { renderInApp } from '@/test/render';
import { ProgressToast } from './progress-toast';

type Counts = { processing: number; success: number; error: number };
let setCounts: (c: Counts) => void = () => {};

function Card({ initial, onClose }: { initial: Counts; onClose: () => void }) {
  const [counts, set] = useState(initial);
  setCounts = set;
  return (
    <ProgressToast testId="work" texts="orders.toast" counts={counts} empty={false} onClose={onClose}>
      <div data-testid="work-item" />
    </ProgressToast>
  );
}

const card = (initial: Counts, onClose: () => void) => <Card initial={initial} onClose={onClose} />;

describe('progress toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes itself 3 s after everything succeeded, fading over the last 500 ms', () => {
    const onClose = vi.fn();
    renderInApp(card({ processing: 1, success: 0, error: 0 }, onClose));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(onClose).not.toHaveBeenCalled();
    act(() => setCounts({ processing: 0, success: 1, error: 0 }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.getByTestId('work').getAttribute('data-fading')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays while an item failed, and while the pointer moves on it', () => {
    const onClose = vi.fn();
    renderInApp(card({ processing: 0, success: 1, error: 1 }, onClose));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(onClose).not.toHaveBeenCalled();
    act(() => setCounts({ processing: 0, success: 2, error: 0 }));
    fireEvent.pointerMove(screen.getByTestId('work'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.pointerLeave(screen.getByTestId('work'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('collapses to its header', () => {
    renderInApp(card({ processing: 1, success: 0, error: 0 }, vi.fn()));
    expect(screen.getByTestId('work-item')).toBeTruthy();
    fireEvent.click(screen.getByTestId('work-collapse'));
    expect(screen.queryByTestId('work-item')).toBeNull();
    expect(screen.getByTestId('work-collapse').getAttribute('aria-expanded')).toBe('false');
  });
});
