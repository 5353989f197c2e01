// The servers of bench/tools/express-floor.ts, one per process: each answers every GET with the
// same 1 KB JSON body, a strong ETag and a Content-Type, and nothing else, so what differs
// between them is the framework alone.
//   node     node:http's request handler
//   express  an Express 5 app with the host's settings (host/http/express-settings.ts) and one
//            middleware that answers
//   shaped   the same app shaped like the host's: 12 path-less middleware that call next(), then
//            a Router of 40 routes tried before the one that answers (the host's lifecycle
//            router has about that many)
// usage: node --import tsx bench/tools/express-floor-server.ts node|express|shaped

import { createHash } from "node:crypto";
import http from "node:http";
import express, { Router, type Request, type Response } from "express";
import { applyHostExpressSettings } from "../../host/http/express-settings.js";

const BODY = JSON.stringify({
  apiVersion: "edge.forms.takoform.com/v1beta1",
  kind: "EdgeKVNamespace",
  metadata: { name: "kv-000123", space: "bench", uid: "e4d43b11-ee88-41cd-b394-f16d37abef47", generation: "1", revision: "1" },
  spec: {},
  status: { conditions: [{ type: "Ready", status: "True", reason: "Available", message: "The host holds the desired state of generation 1." }] },
  padding: "x".repeat(640),
});
const ETAG = `"${createHash("sha256").update(BODY).digest("base64url")}"`;

function answer(res: http.ServerResponse): void {
  res.statusCode = 200;
  res.setHeader("ETag", ETAG);
  res.setHeader("Content-Type", "application/json");
  res.end(BODY);
}

function expressApp(shaped: boolean): express.Express {
  const app = express();
  applyHostExpressSettings(app);
  if (!shaped) {
    app.use((_req: Request, res: Response) => answer(res));
    return app;
  }
  for (let i = 0; i < 12; i++) app.use((_req, _res, next) => next());
  const router = Router({ caseSensitive: true, strict: true });
  for (let i = 0; i < 40; i++) router.get(`/apis/forms.takoform.com/v1beta1/other-${i}/:a/:b/:c/:d`, (_req, res) => answer(res));
  router.get("/apis/forms.takoform.com/v1beta1/resources/:formGroup/:formVersion/:kind/:name", (_req, res) => answer(res));
  app.use(router);
  return app;
}

const mode = process.argv[2];
if (mode !== "node" && mode !== "express" && mode !== "shaped") throw new Error("usage: express-floor-server.ts node|express|shaped");
const server =
  mode === "node"
    ? http.createServer((req, res) => {
        req.resume();
        answer(res);
      })
    : http.createServer(expressApp(mode === "shaped"));
server.listen(0, "127.0.0.1", () => {
  const address = server.address() as { port: number };
  console.log(`listening on http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
