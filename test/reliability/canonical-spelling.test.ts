// Plan stability (issue 10), the read rule in isolation: a value the host canonicalizes (a
// WorkerCustomDomain's hostname) keeps the author's spelling in state while the host holds its
// canonical form, and only then (provider-bridge/lifecycle/canonical-spelling.ts; ADR 0122).
// The terraform end of it is test/e2e/plan-stability.test.ts.
import { describe, expect, it } from "vitest";
import { keepAuthorSpelling } from "../../provider-bridge/lifecycle/canonical-spelling.js";
import type { Lifecycle } from "../../provider-bridge/lifecycle/context.js";
import { loadProviderModel } from "../../provider-bridge/model/load.js";
import { compileSchema } from "../../provider-bridge/schema/compiled.js";
import { ctyObject } from "../../provider-bridge/wire/value.js";

async function lifecycle(kind: string): Promise<Lifecycle> {
  const loaded = await loadProviderModel({});
  const r = loaded.resources.find((x) => x.model.kind === kind)!;
  return { model: r.model, block: compileSchema(r.schema).block };
}

function read(lc: Lifecycle, prior: string, held: string, attribute = "hostname"): unknown {
  const next = ctyObject([[attribute, held]]);
  keepAuthorSpelling(lc, ctyObject([[attribute, prior]]), next);
  return next[attribute];
}

describe("keeping the author's spelling of a canonicalized value", () => {
  it("keeps a hostname written with upper case or a trailing dot while the host holds its canonical form", async () => {
    const lc = await lifecycle("WorkerCustomDomain");
    expect(read(lc, "Api.Example.COM", "api.example.com")).toBe("Api.Example.COM");
    expect(read(lc, "api.example.com.", "api.example.com")).toBe("api.example.com.");
    expect(read(lc, "API.EXAMPLE.COM.", "api.example.com")).toBe("API.EXAMPLE.COM.");
  });

  it("reports what the host holds when it is another hostname (a real change, planned as one)", async () => {
    const lc = await lifecycle("WorkerCustomDomain");
    expect(read(lc, "Api.Example.COM", "www.example.com")).toBe("www.example.com");
    expect(read(lc, "api.example.com..", "api.example.com")).toBe("api.example.com");
    expect(read(lc, "Api.Example.COM", "Api.Example.com")).toBe("Api.Example.com");
  });

  it("applies to no other kind or attribute", async () => {
    const queue = await lifecycle("AtLeastOnceQueue");
    expect(read(queue, "Api.Example.COM", "api.example.com")).toBe("api.example.com");
    const domain = await lifecycle("WorkerCustomDomain");
    expect(read(domain, "Api", "api", "worker")).toBe("api");
  });
});
