import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '@/test/render';
import { ShipmentStatusBadge } from './shipment-status-badge';

const badge = (status: string) => {
  renderInApp(<ShipmentStatusBadge status={status} />);
  return screen.getAllByTestId('shipment-status').find((b) => b.getAttribute('data-status') === status)!;
};

describe('shipment status badge', () => {
  it.each([
    ['delivery_failure', 'critical', 'Delivery failure'],
    ['exception', 'critical', 'Exception'],
    ['expired', 'warning', 'Expired'],
    ['delivered', 'success', 'Delivered'],
    ['in_transit', 'info', 'In transit'],
  ])('%s is %s', (status, tone, label) => {
    const el = badge(status);
    expect(el.getAttribute('data-tone')).toBe(tone);
    expect(el.textContent).toBe(label);
  });
});
