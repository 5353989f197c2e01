// The lifecycle routes (forms, resources, support, artifacts, operations) and the ~150 modules of
// rules and lifecycle behind them are loaded after the host listens, not before: a start pays only
// for discovery, authentication and the middleware chain (docs/decisions/0141-host-start-path.md).
// A request that arrives before they are loaded waits for them; nothing is answered differently.

import { Router, type RequestHandler } from "express";
import type { HostContext } from "./lifecycle/context.js";
import type { SecretBox } from "./secrets/seal.js";
import type { DirectRoute } from "./http/direct-route.js";

export interface LazyRoutes {
  handler: RequestHandler;
  /** Starts loading (once); resolves when the routes are ready. */
  load(): Promise<void>;
  /** The routes served without Express (http/direct-route.ts), once loaded; undefined before. */
  direct(): readonly DirectRoute[] | undefined;
}

export function lazyLifecycleRoutes(context: HostContext, secretBox: SecretBox): LazyRoutes {
  let ready: Promise<RequestHandler> | undefined;
  let loaded: RequestHandler | undefined; // once ready, requests go straight to it (no promise hop each)
  let direct: readonly DirectRoute[] | undefined;
  const load = (): Promise<RequestHandler> =>
    (ready ??= Promise.all([
      import("./http/routes/forms.js"),
      import("./http/routes/resources.js"),
      import("./http/routes/support.js"),
      import("./http/routes/artifacts.js"),
      import("./http/routes/operations.js"),
      import("./http/routes/listing.js"),
      import("./http/routes/secrets.js"),
    ]).then(([forms, resources, support, artifacts, operations, listing, secrets]) => {
      const router = Router({ caseSensitive: true, strict: true });
      router.use(forms.formRoutes(context));
      const resourceDirect = resources.directResourceRoutes(context); // one set, served both ways
      router.use(resources.resourceRoutes(context, resourceDirect));
      router.use(support.supportRoutes(context));
      router.use(artifacts.artifactRoutes(context));
      router.use(operations.operationRoutes(context));
      router.use(listing.listingRoutes(context)); // host extension, outside the lane
      router.use(secrets.secretRoutes(context, secretBox)); // host extension (ADR 0200)
      loaded = router;
      direct = Object.values(resourceDirect);
      return router;
    }));
  return {
    handler(req, res, next) {
      if (loaded !== undefined) return loaded(req, res, next);
      load().then((router) => router(req, res, next), next);
    },
    load: () => load().then(() => undefined),
    direct: () => direct,
  };
}
