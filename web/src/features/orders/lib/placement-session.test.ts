import { describe, expect, it } from 'vitest';
import { EMPTY_PLACEMENTS, addPlacements, closePlacements, settlePlacements } from './placement-session';
import { ordersBackPath } from '../components/create-order-page';

describe('placement session', () => {
  const open = addPlacements(EMPTY_PLACEMENTS, [1, 2]);

  it('closing clears the list when nothing is processing, else keeps following it', () => {
    expect(closePlacements(open, [{ status: 'success' }, { status: 'error' }])).toEqual(EMPTY_PLACEMENTS);
    expect(closePlacements(open, [{ status: 'success' }, { status: 'processing' }])).toEqual({ ids: ['1', '2'], open: false });
  });

  it('a closed list whose items are all done is let go after a poll; an open one stays', () => {
    const closed = { ...open, open: false };
    expect(settlePlacements(closed, [{ status: 'success' }, { status: 'error' }])).toEqual(EMPTY_PLACEMENTS);
    expect(settlePlacements(closed, [{ status: 'processing' }])).toBe(closed);
    expect(settlePlacements(open, [{ status: 'success' }])).toBe(open);
  });
});

describe('back to the order list after placing', () => {
  it('keeps the filters the list had', () => {
    expect(ordersBackPath({ back: '?tab=payment&keyword=%231001' })).toBe('/app/orders?tab=payment&keyword=%231001');
    expect(ordersBackPath({ back: '' })).toBe('/app/orders');
    expect(ordersBackPath(null)).toBe('/app/orders');
    expect(ordersBackPath({ back: '//evil.example' })).toBe('/app/orders');
  });
});
