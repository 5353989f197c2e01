// Reading Host Support Profiles (client/support.ts) against a local HTTP
// server that answers from a script: a profile, an explicit refusal
// (form_unknown, resource_not_found), and anything else as unreadable; each
// path is read at most once, except an unreadable one, which is asked again.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HostHttp } from "../../../provider-bridge/client/http.js";
import { bindingSupportPath, formSupportPath, readSupport, SupportCache } from "../../../provider-bridge/client/support.js";

const answers = new Map<string, { status: number; body: unknown }[]>();
const hits = new Map<string, number>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? "").replace("/apis/forms.takoform.com/v1beta1/", "");
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const queue = answers.get(path) ?? [];
    const a = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 404, body: "" });
    res.writeHead(a.status, { "content-type": "application/json" }).end(typeof a.body === "string" ? a.body : JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/apis/forms.takoform.com/v1beta1`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const http = () => new HostHttp(base, { requestTimeoutMs: 2000, random: () => 0 });
const refusal = (code: string) => ({ error: { code, message: `no such thing (${code})`, requestId: "r", retryable: false } });

describe("support profile reads", () => {
  it("names the support routes by exact line and contract", () => {
    expect(formSupportPath({ apiVersion: "edge.forms.takoform.com/v1beta1", kind: "WorkerVersion", definitionVersion: "0.1.0" })).toBe(
      "support/forms/edge.forms.takoform.com/v1beta1/WorkerVersion/0.1.0",
    );
    expect(bindingSupportPath("module-worker.edge-kv", "1.0.0")).toBe("support/bindings/module-worker.edge-kv/1.0.0");
  });

  it("classifies a profile, an explicit refusal and an unreadable answer", async () => {
    answers.set("support/forms/g/v1/A/1.0.0", [
      { status: 200, body: { apiVersion: "support.takoform.com/v1alpha1", kind: "FormSupport", operations: ["create"] } },
    ]);
    answers.set("support/forms/g/v1/B/1.0.0", [{ status: 404, body: refusal("form_unknown") }]);
    answers.set("support/bindings/x/1.0.0", [{ status: 404, body: refusal("resource_not_found") }]);
    answers.set("support/forms/g/v1/C/1.0.0", [{ status: 500, body: refusal("internal_error") }]);
    answers.set("support/forms/g/v1/D/1.0.0", [{ status: 200, body: "[1]" }]);
    const deadline = Date.now() + 2000;
    expect(await readSupport(http(), "support/forms/g/v1/A/1.0.0", deadline)).toMatchObject({ kind: "profile", profile: { operations: ["create"] } });
    expect(await readSupport(http(), "support/forms/g/v1/B/1.0.0", deadline)).toMatchObject({ kind: "refused", code: "form_unknown", status: 404 });
    expect(await readSupport(http(), "support/bindings/x/1.0.0", deadline)).toMatchObject({ kind: "refused", code: "resource_not_found" });
    expect(await readSupport(http(), "support/forms/g/v1/C/1.0.0", deadline)).toMatchObject({ kind: "unreadable" });
    expect(await readSupport(http(), "support/forms/g/v1/D/1.0.0", deadline)).toMatchObject({ kind: "unreadable", message: "the answer is not a JSON object" });
  });

  it("reads each path once, but asks an unreadable one again", async () => {
    answers.set("support/forms/g/v1/E/1.0.0", [{ status: 200, body: { kind: "FormSupport" } }]);
    answers.set("support/forms/g/v1/F/1.0.0", [
      { status: 500, body: refusal("internal_error") },
      { status: 200, body: { kind: "FormSupport" } },
    ]);
    const cache = new SupportCache(http(), () => Date.now() + 2000);
    await Promise.all([cache.get("support/forms/g/v1/E/1.0.0"), cache.get("support/forms/g/v1/E/1.0.0")]);
    await cache.get("support/forms/g/v1/E/1.0.0");
    expect(hits.get("support/forms/g/v1/E/1.0.0")).toBe(1);
    expect((await cache.get("support/forms/g/v1/F/1.0.0")).kind).toBe("unreadable");
    expect((await cache.get("support/forms/g/v1/F/1.0.0")).kind).toBe("profile");
    expect(hits.get("support/forms/g/v1/F/1.0.0")).toBe(2);
  });
});
