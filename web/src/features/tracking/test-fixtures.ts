/** Parcels for the feature's unit tests. */
import type { Shipment } from '@/types/tracking';

export const shipmentFixture = (over: Partial<Shipment> = {}): Shipment => ({
  id: 11,
  order_id: 7,
  order_name: '#1001',
  source_order_id: 3,
  source: 'aliexpress',
  tracking_number: 'LP00012345678CN',
  carrier: 'Cainiao',
  origin: 'supplier',
  status: 'in_transit',
  sub_status: 'InTransit_Departure',
  last_event: { time: '2026-11-03T10:00:00Z', stage: 'InTransit', description: 'Departed from origin country', location: 'Hong Kong, HK' },
  events: null,
  last_event_at: '2026-11-03T10:00:00Z',
  store: { fulfillment_id: null, written_status: null, pending: false, error: null },
  public_url: '/tracking/5f0c1e64-2a9b-4c8e-9d41-0d6a1b2c3d4e',
  ...over,
});
