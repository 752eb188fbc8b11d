import { describe, expect, it } from 'vitest';
import { fromSupplier, newestFirst, publicTrackingUrl, shipmentTone, tonePalette } from './status';

describe('shipment status styles', () => {
  it('styles failures critical, expired warning, delivered success', () => {
    expect(shipmentTone('delivery_failure')).toBe('critical');
    expect(shipmentTone('exception')).toBe('critical');
    expect(shipmentTone('expired')).toBe('warning');
    expect(shipmentTone('delivered')).toBe('success');
    expect(shipmentTone('in_transit')).toBe('info');
    expect(shipmentTone('not_found')).toBe('neutral');
    expect(tonePalette('critical')).toBe('red');
    expect(tonePalette('warning')).toBe('orange');
  });

  it('sorts events newest first', () => {
    const sorted = newestFirst([{ time: '2026-11-01T10:00:00Z' }, { time: '2026-11-03T10:00:00Z' }, { time: '2026-11-02T10:00:00Z' }]);
    expect(sorted.map((e) => e.time.slice(8, 10))).toEqual(['03', '02', '01']);
  });

  it('makes the public address from the path', () => {
    expect(publicTrackingUrl('/tracking/abc', 'https://app.example')).toBe('https://app.example/tracking/abc');
    expect(publicTrackingUrl(null)).toBeNull();
    expect(fromSupplier('supplier')).toBe(true);
    expect(fromSupplier('csv')).toBe(false);
  });
});
