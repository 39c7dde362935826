/** Every Catalog V3 route, mounted by the app on a Catalog V3 store only. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { EmulatorContext } from '../context.js';
import { categoryRoutes } from './category-routes.js';
import { productReadRoutes } from './product-read-routes.js';
import { productWriteRoutes } from './product-write-routes.js';
import { stockRoutes } from './stock-routes.js';

/** The Catalog V3 routes: products, variants, inventory items and categories. */
export function catalogV3Routes(ctx: EmulatorContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.route('/', stockRoutes(ctx));
  app.route('/', productReadRoutes(ctx));
  app.route('/', productWriteRoutes(ctx));
  app.route('/', categoryRoutes(ctx));
  return app;
}
