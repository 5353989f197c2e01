// The Express settings of every host app (app.ts): no X-Powered-By, no automatic ETag (the host
// writes its own strong ETags), case-sensitive and strict routing (the lane's paths are exact),
// and no query parser (each route decodes its query exactly, http/exact-query-cache.ts). The
// benchmark of Express's own cost (bench/tools/express-floor-server.ts) runs with the same.

import type { Express } from "express";

export function applyHostExpressSettings(app: Express): void {
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("case sensitive routing", true);
  app.set("strict routing", true);
  app.set("query parser", false);
}
