// Smaller header rules (docs/security.md): two Authorization headers are refused 400 (a proxy
// that authorized on the last would disagree with a host that took the first); discovery builds
// its origin only from --public-url or a loopback Host, refuses plain HTTP for any other name, and
// is neither cached nor shared across Host values.

import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHost, type RunningHost } from "../../../host/server.js";
import { discoveryOrigin, publicOrigin } from "../../../host/http/discovery-origin.js";
import { parseHostOptions, UsageError } from "../../../host/options.js";
import { builtinCatalog, CREDENTIALS, PRIMARY, OTHER_TENANT, startTestHost, type TestHost } from "./harness.js";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

function raw(url: string, pathName: string, headers: http.OutgoingHttpHeaders): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url + pathName, { method: "GET", headers }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, json: text === "" ? undefined : JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const DISCOVERY = "/.well-known/takoform/v1beta1";

describe("Authorization", () => {
  it("two Authorization headers are refused 400 invalid_argument, whichever comes first", async () => {
    for (const pair of [
      [`Bearer ${PRIMARY}`, `Bearer ${OTHER_TENANT}`],
      [`Bearer ${OTHER_TENANT}`, "Bearer nobody"],
    ]) {
      const reply = await raw(host.url, DISCOVERY, { authorization: pair as unknown as string });
      expect(reply.status).toBe(400);
      expect(reply.json.error.code).toBe("invalid_argument");
      expect(reply.json.error.message).toMatch(/more than one Authorization header/);
    }
    expect((await raw(host.url, DISCOVERY, { authorization: `Bearer ${PRIMARY}` })).status).toBe(200);
  });
});

describe("discovery origin", () => {
  const auth = { authorization: `Bearer ${PRIMARY}` };
  it("answers a loopback Host with that origin, no-store and Vary: Host", async () => {
    const port = new URL(host.url).port;
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const reply = await raw(host.url, DISCOVERY, { ...auth, host: name });
      expect(reply.status).toBe(200);
      expect(reply.json.endpoints.api).toBe(`http://${name}/apis/forms.takoform.com/v1beta1`);
      expect(reply.headers["cache-control"]).toBe("no-store");
      expect(reply.headers["vary"]).toMatch(/Host/);
    }
  });

  it("refuses a non-loopback name over plain HTTP and an impossible port", async () => {
    for (const name of ["evil.example.com", "evil.example.com:8080", "a:99999", "127.0.0.1:0"]) {
      const reply = await raw(host.url, DISCOVERY, { ...auth, host: name });
      expect(reply.status, name).toBe(400);
      expect(reply.json.error.code).toBe("invalid_argument");
      expect(reply.headers["cache-control"]).toBe("no-store");
    }
  });

  it("advertises --public-url whatever the Host header says", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "takoform-public-url-"));
    const proxied: RunningHost = await startHost({
      dataDir,
      engine: "sqlite",
      port: 0,
      catalog: builtinCatalog(),
      credentials: CREDENTIALS,
      publicUrl: "https://forms.example.com",
    });
    try {
      const reply = await raw(proxied.url, DISCOVERY, { ...auth, host: "evil.example.com" });
      expect(reply.status).toBe(200);
      expect(reply.json.endpoints.api).toBe("https://forms.example.com/apis/forms.takoform.com/v1beta1");
    } finally {
      await proxied.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("--public-url takes an https origin (http only for loopback), nothing else", () => {
    expect(publicOrigin("https://forms.example.com")).toBe("https://forms.example.com");
    expect(publicOrigin("http://127.0.0.1:9000")).toBe("http://127.0.0.1:9000");
    for (const bad of ["http://forms.example.com", "https://forms.example.com/x", "https://u:p@forms.example.com", "ftp://x", "nope"]) {
      expect(publicOrigin(bad), bad).toBeUndefined();
    }
    expect(() => parseHostOptions(["--public-url", "http://forms.example.com"])).toThrow(UsageError);
    expect(parseHostOptions(["--public-url", "https://forms.example.com/"]).publicUrl).toBe("https://forms.example.com");
    expect(discoveryOrigin(undefined, undefined, "http://127.0.0.1:1")).toBe("http://127.0.0.1:1");
  });
});
