import { RouterProvider } from 'react-router/dom';
import { createBrowserRouter } from 'react-router';
import { routes } from './routes/routes';

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
