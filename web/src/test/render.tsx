import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';

/** Renders `element` inside the app providers with a fresh SWR cache, without a router. */
export function renderInApp(element: ReactElement) {
  return render(<AppProvider swr={{ provider: () => new Map() }}>{element}</AppProvider>);
}

/**
 * Renders `element` at `path` (matched by `route`) inside the app providers with a fresh SWR
 * cache; other paths render their pathname so tests can see where the app navigated.
 */
export function renderRoute(element: ReactElement, { path = '/', route = path.split('?')[0] }: { path?: string; route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <AppProvider swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...utils };
}
