/** The public tracking page (no sign-in), in its own small chunk. */
import { PublicTrackingPage } from '@/features/tracking';

export function PublicTrackingRoute() {
  return <PublicTrackingPage />;
}
