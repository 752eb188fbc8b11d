import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { FeedbackDialog } from './feedback-dialog';

describe('feedback dialog', () => {
  it('asks for a rating first, then sends the rating and the message and closes', async () => {
    const calls = mockApi((c) => (c.path === 'core/mvp/feedback' ? { data: { id: 1 } } : undefined));
    const onClose = vi.fn();
    renderRoute(<FeedbackDialog open context="multi_import" onClose={onClose} />, { path: '/app/find-product' });
    fireEvent.click(await screen.findByTestId('feedback-send'));
    expect((await screen.findByTestId('feedback-error')).textContent).toBe('Choose a number from 1 to 5.');
    fireEvent.click(screen.getByTestId('feedback-rating-4'));
    fireEvent.change(screen.getByTestId('feedback-message'), { target: { value: 'More suppliers please' } });
    fireEvent.click(screen.getByTestId('feedback-send'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'core/mvp/feedback')!.body).toEqual({
      rating: 4,
      message: 'More suppliers please',
      context: 'multi_import',
    });
  });
});
