import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '@web/lib/query-client';

/** Renders one page in a memory router with its own query client (plus any routes to land on). */
type RenderRouteOptions = { path?: string; url?: string; extra?: RouteObject[] };

export function renderRoute(Component: ComponentType, options: RenderRouteOptions = {}) {
  const { path = '/', url = path, extra = [] } = options;
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, Component }, ...extra], { initialEntries: [url] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
