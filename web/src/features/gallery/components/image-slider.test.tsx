import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '@/test/render';
import { ImageSlider } from './image-slider';

const urls = Array.from({ length: 8 }, (_, i) => `https://img.example/${i + 1}.jpg`);

function Harness({ onRemove }: { onRemove: (url: string) => void }) {
  const [index, setIndex] = useState(2);
  return <ImageSlider images={urls} index={index} onIndex={setIndex} onClose={() => {}} main={urls[0]} onRemove={onRemove} />;
}

describe('full-screen slider', () => {
  it('counts "3 / 8", badges only the main image as Thumbnail, moves by the strip and removes the one shown', async () => {
    const onRemove = vi.fn();
    renderInApp(<Harness onRemove={onRemove} />);
    expect((await screen.findByTestId('slider-counter')).textContent).toBe('3 / 8');
    expect(screen.queryByTestId('slider-thumbnail-badge')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show image 1' }));
    expect(screen.getByTestId('slider-counter').textContent).toBe('1 / 8');
    expect(screen.getByTestId('slider-thumbnail-badge').textContent).toBe('Thumbnail');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByTestId('slider-counter').textContent).toBe('8 / 8');
    fireEvent.click(screen.getByTestId('slider-remove'));
    expect(onRemove).toHaveBeenCalledWith(urls[7]);
  });
});
