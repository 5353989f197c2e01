import { describe, expect, it } from "vitest";
import { parseDuration } from "../../../provider-bridge/config/duration.js";
import { resolveProviderConfig, validateProviderConfig } from "../../../provider-bridge/config/provider-config.js";
import { ctyObject, UNKNOWN, type CtyValue } from "../../../provider-bridge/wire/value.js";

const cfg = (v: Record<string, CtyValue>) =>
  ctyObject(["endpoint", "token", "space", "request_timeout", "operation_timeout", "respond_async"].map((k) => [k, v[k] ?? null]));

describe("provider configuration", () => {
  it("parses Go-style durations", () => {
    expect(parseDuration("30s")).toBe(30_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("250ms")).toBe(250);
    expect(parseDuration("1.5m")).toBe(90_000);
    for (const bad of ["", "30", "0s", "-1s", "1d", "s", "1s2"]) expect(parseDuration(bad), bad).toBeUndefined();
  });

  it("validates known values at their attribute paths", () => {
    const diags = validateProviderConfig(cfg({ endpoint: "ftp://x", request_timeout: "soon", space: "" }));
    expect(diags.map((d) => d.path)).toEqual([[{ attribute: "endpoint" }], [{ attribute: "request_timeout" }], [{ attribute: "space" }]]);
    expect(validateProviderConfig(cfg({ endpoint: UNKNOWN, request_timeout: UNKNOWN }))).toEqual([]);
    expect(validateProviderConfig(cfg({ endpoint: "https://h.example/base/" }))).toEqual([]);
  });

  it("resolves configuration over TAKOFORM_* variables over defaults", () => {
    const env = { TAKOFORM_ENDPOINT: "http://env.example:8080/", TAKOFORM_TOKEN: "from-env", TAKOFORM_SPACE: "env-space" };
    const fromEnv = resolveProviderConfig(cfg({}), env, "1.11.4");
    expect(fromEnv.config).toEqual({
      endpoint: "http://env.example:8080",
      token: "from-env",
      space: "env-space",
      requestTimeoutMs: 30_000,
      operationTimeoutMs: 1_200_000,
      respondAsync: false,
      terraformVersion: "1.11.4",
    });
    const explicit = resolveProviderConfig(
      cfg({ endpoint: "https://h.example/x/", token: "t", space: "s", request_timeout: "5s", operation_timeout: "1h" }),
      env,
      "1.11.4",
    );
    expect(explicit.config).toMatchObject({ endpoint: "https://h.example/x", token: "t", space: "s", requestTimeoutMs: 5000, operationTimeoutMs: 3_600_000 });
  });

  it("asks for asynchronous answers from respond_async, else TAKOFORM_RESPOND_ASYNC", () => {
    const base = { endpoint: "https://h.example" };
    expect(resolveProviderConfig(cfg(base), {}, "1.11.4").config?.respondAsync).toBe(false);
    expect(resolveProviderConfig(cfg({ ...base, respond_async: true }), {}, "1.11.4").config?.respondAsync).toBe(true);
    expect(resolveProviderConfig(cfg(base), { TAKOFORM_RESPOND_ASYNC: "true" }, "1.11.4").config?.respondAsync).toBe(true);
    expect(resolveProviderConfig(cfg({ ...base, respond_async: false }), { TAKOFORM_RESPOND_ASYNC: "true" }, "1.11.4").config?.respondAsync).toBe(false);
    const bad = resolveProviderConfig(cfg(base), { TAKOFORM_RESPOND_ASYNC: "yes" }, "1.11.4");
    expect(bad.config).toBeUndefined();
    expect(bad.diagnostics[0]!.summary).toBe("Invalid TAKOFORM_RESPOND_ASYNC");
    expect(resolveProviderConfig(cfg({ ...base, respond_async: UNKNOWN }), {}, "1.11.4")).toMatchObject({ config: undefined, unknown: true });
  });

  it("requires an endpoint, and leaves an unknown configuration unconfigured without error", () => {
    const missing = resolveProviderConfig(cfg({}), {}, "1.11.4");
    expect(missing.config).toBeUndefined();
    expect(missing.diagnostics[0]!.summary).toBe("Missing host endpoint");
    const badEnv = resolveProviderConfig(cfg({}), { TAKOFORM_ENDPOINT: "not a url" }, "1.11.4");
    expect(badEnv.diagnostics[0]!.detail).toContain("TAKOFORM_ENDPOINT");
    const unknown = resolveProviderConfig(cfg({ endpoint: UNKNOWN }), {}, "1.11.4");
    expect(unknown).toEqual({ config: undefined, diagnostics: [], unknown: true });
  });
});
