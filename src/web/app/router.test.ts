import type { DataRouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouter } from './router';

const flatten = (routes: DataRouteObject[]): DataRouteObject[] =>
  routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);

describe('createRouter', () => {
  it('gives every lazily loaded page a hydrate fallback, so a deep link never renders blank with a router warning', () => {
    const router = createRouter();
    const lazyRoutes = flatten(router.routes).filter((route) => route.lazy);
    expect(lazyRoutes.length).toBeGreaterThan(5);
    for (const route of lazyRoutes) {
      expect(
        route.hydrateFallbackElement !== undefined || route.HydrateFallback !== undefined,
        `${route.path ?? route.id} has no HydrateFallback`,
      ).toBe(true);
    }
    router.dispose();
  });
});
