import type { Express } from 'express';

export interface RouteKey {
  method: string;
  path: string;
}

/** The routes an Express app answers, read from its router (Express 5), nested routers included. */
export function routesOf(app: Express): RouteKey[] {
  const out: RouteKey[] = [];
  const walk = (stack: any[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          if (method !== '_all') out.push({ method: method.toUpperCase(), path: layer.route.path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as any).router.stack);
  return out;
}

/** Every /api route of every service, from the apps themselves. */
export function serviceRoutes(): Array<RouteKey & { service: string }> {
  const { createAuthApp } = require('../../svc-auth/src/app');
  const { createApp: createStudentsApp } = require('../../svc-students/src/app');
  const { createLogbookApp } = require('../../svc-logbook/src/app');
  const { createApp: createBillingApp } = require('../../svc-billing/src/app');
  const { loadBillingConfig } = require('../../svc-billing/src/config');
  const apps: Record<string, Express> = {
    auth: createAuthApp(),
    students: createStudentsApp(),
    billing: createBillingApp(loadBillingConfig({ NODE_ENV: 'test' })),
    logbook: createLogbookApp(),
  };
  return Object.entries(apps).flatMap(([service, app]) =>
    routesOf(app)
      .filter((r) => r.path.startsWith('/api/'))
      .map((r) => ({ ...r, service })),
  );
}
