// The runtime ABI loader adapter exists ONLY under --conformance-probes (ADR 0201): without the
// flag its path is an unknown route (resource_not_found); with it, a malformed body is
// invalid_argument and a bundle is loaded by workerd, whose outcome is the answer.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestHost, type TestHost } from "../unit/host/harness.js";

const LOADER = "/x-takoform/v1/conformance/runtime-abi/load";
const module = (name: string, mediaType: string, source: string) => ({ name, mediaType, contentBase64: Buffer.from(source).toString("base64") });
let plain: TestHost;
let probes: TestHost;

beforeAll(async () => {
  [plain, probes] = await Promise.all([startTestHost({ probes: false }), startTestHost({ probes: true })]);
}, 60_000);
afterAll(async () => Promise.all([plain?.close(), probes?.close()]));

describe("runtime ABI loader adapter", () => {
  it("is absent without --conformance-probes", async () => {
    const body = {
      mainModule: "index.js",
      declaredHandlers: ["fetch"],
      modules: [module("index.js", "application/javascript+module", "export default { fetch() {} };")],
    };
    const reply = await call(plain.url, "POST", LOADER, { body });
    expect({ status: reply.status, code: reply.json?.error?.code }).toEqual({ status: 404, code: "resource_not_found" });
  });

  it("under the flag: loads through workerd and answers the outcome the bytes cause", async () => {
    expect((await call(probes.url, "POST", LOADER, { body: {} })).json.error.code).toBe("invalid_argument");
    const ok = await call(probes.url, "POST", LOADER, {
      body: {
        mainModule: "index.js",
        declaredHandlers: ["fetch"],
        modules: [module("index.js", "application/javascript+module", "export default { fetch() {}, queue() {}, notAHandler: 1 };")],
      },
    });
    expect(ok.json).toEqual({ exportedHandlers: ["fetch", "queue"] });
    const missing = await call(probes.url, "POST", LOADER, {
      body: {
        mainModule: "index.js",
        declaredHandlers: ["fetch", "scheduled"],
        modules: [module("index.js", "application/javascript+module", "export default { fetch() {} };")],
      },
    });
    expect(missing.json.error.code).toBe("handler_not_exported");
    const broken = await call(probes.url, "POST", LOADER, {
      body: {
        mainModule: "index.js",
        declaredHandlers: ["fetch"],
        modules: [module("index.js", "application/javascript+module", "export default { fetch() {")],
      },
    });
    expect(broken.json.error.code).toBe("module_syntax_error");
  }, 60_000);
});
