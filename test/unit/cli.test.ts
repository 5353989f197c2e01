import { execa } from "execa";
import { describe, expect, it } from "vitest";

describe("takoform CLI", () => {
  it("lists its subcommands", async () => {
    const r = await execa("node", ["bin/takoform.mjs", "--help"]);
    for (const c of ["corpus", "host", "conformance", "codegen", "provider"]) expect(r.stdout).toContain(c);
  });
  it("refuses an unknown subcommand with exit 2", async () => {
    const r = await execa("node", ["bin/takoform.mjs", "nope"], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("unknown command");
  });
});
