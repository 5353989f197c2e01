// The registry's shape, beyond what the compiler already enforces: every check file is registered
// under its own file name, the generated name list is current with the contract, and pending
// entries carry a reason and stay out of the implemented set.

import { readdirSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { OWN_CHECKS, REGISTRY, pendingChecks } from "../../conformance/registry.js";
import { REQUIRED_CHECKS } from "../../conformance/required-checks.js";
import { NameAllocator } from "../../conformance/harness/names.js";
import { repo } from "./support.js";
import { itWithReference } from "../support/reference.js";

const checksDir = path.join(repo, "conformance", "checks");

describe("conformance registry", () => {
  it("registers every check file under its file name, and nothing implemented without a file", async () => {
    const files = readdirSync(checksDir)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.slice(0, -3));
    for (const name of files) {
      const mod = (await import(path.join(checksDir, `${name}.ts`))) as { default: unknown };
      expect(REGISTRY[name as keyof typeof REGISTRY], `${name} is not registered under its file name`).toBe(mod.default);
    }
    const implemented = Object.entries(REGISTRY)
      .filter(([, c]) => c.kind === "implemented")
      .map(([n]) => n);
    expect(implemented.sort()).toEqual(files.sort());
  });

  it("holds exactly the required names plus our own, and own names do not shadow required ones", () => {
    const names = Object.keys(REGISTRY).sort();
    expect(names).toEqual([...REQUIRED_CHECKS, ...OWN_CHECKS].sort());
    for (const own of OWN_CHECKS) expect(REQUIRED_CHECKS as readonly string[]).not.toContain(own);
    for (const name of pendingChecks()) {
      const c = REGISTRY[name];
      expect(c.kind === "pending" && c.reason.length > 0).toBe(true);
    }
  });

  itWithReference(
    "required-checks.ts is current with the digest-verified contract",
    async () => {
      const r = await execa("npx", ["tsx", "conformance/tools/generate-required-checks.ts", "--check"], { cwd: repo, reject: false });
      expect(r.exitCode, r.stderr).toBe(0);
    },
    "conformance/portable-host-v1beta1/contract.json",
  );

  it("allocates names of the portable grammar, unique per check and run", () => {
    const a = new NameAllocator("rabcde", "discovery-exact");
    const b = new NameAllocator("rabcde", "discovery-exact-2");
    const names = [a.name("queue"), a.name("queue"), b.name("queue"), a.name("9x"), a.name("A-very-long-hint-indeed")];
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9-]{0,62}$/);
  });
});
