// The console (a takoform host extension, outside the v1beta1 lane): GET /console serves one
// static HTML page and its script and style from host/console/, read once from the checkout.
// These three files hold no tenant data, so they are served before authentication; the page asks
// for the bearer token (or takes it from the URL fragment, which never reaches the server) and
// calls the resource listing with it, so everything it shows is scoped like any lane request.
// Nothing is built or fetched at run time: the files are served as they are in the repository.

import { readFileSync } from "node:fs";
import path from "node:path";
import { Router, type RequestHandler } from "express";
import { repoRoot } from "../../../corpus/lib/root.js";

export const CONSOLE_PATH = "/console";

const FILES: Record<string, { file: string; type: string }> = {
  [CONSOLE_PATH]: { file: "index.html", type: "text/html; charset=utf-8" },
  [`${CONSOLE_PATH}/console.js`]: { file: "console.js", type: "text/javascript; charset=utf-8" },
  [`${CONSOLE_PATH}/console.css`]: { file: "console.css", type: "text/css; charset=utf-8" },
};

/** The page may run only its own script and talk only to its own origin. */
const SECURITY_HEADERS = {
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-cache",
};

export function consoleDirectory(): string {
  return path.join(repoRoot(), "host", "console");
}

export function consoleRoutes(directory: () => string = consoleDirectory): RequestHandler {
  const router = Router({ caseSensitive: true, strict: true });
  const cache = new Map<string, Buffer>();
  for (const [route, { file, type }] of Object.entries(FILES)) {
    router.get(route, (_req, res) => {
      let bytes = cache.get(file);
      if (bytes === undefined) {
        bytes = readFileSync(path.join(directory(), file));
        cache.set(file, bytes);
      }
      res.status(200);
      for (const [name, value] of Object.entries({ ...SECURITY_HEADERS, "Content-Type": type })) res.setHeader(name, value);
      res.end(bytes);
    });
  }
  // Every request passes here before authentication: one that cannot name a console path is not
  // walked through the router (an absolute-form target still is, as Express routes it by path).
  return function consolePage(req, res, next) {
    if (req.url.includes(CONSOLE_PATH)) return router(req, res, next);
    next();
  };
}
