// The provider reads host answers through the types codegen generates from the wire schemas
// (generated/wire/host-api.ts, kept current by `takoform codegen --check`), not through shapes
// written by hand: the HostApi methods are typed by them (checked by tsc over this file), the
// generated file declares every document codegen lists, and no hand-written copy of a wire
// document is left in provider-bridge.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { WIRE_DOCUMENTS } from "../../../codegen/emit/wire/emit.js";
import type { Operation } from "../../../provider-bridge/client/operations.js";
import type {
  HostAnswer,
  MutationAccepted,
  PrepareResponse,
  ResourceResponse,
  Unverified,
  ValidateResponse,
} from "../../../provider-bridge/client/wire-types.js";
import type { HostApi } from "../../../provider-bridge/lifecycle/host-api.js";
import type { Operation as WireOperation } from "../../../generated/wire/host-api.js";

const repo = path.resolve(import.meta.dirname, "../../..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe("host answers in provider-bridge", () => {
  it("are typed by the generated wire documents", () => {
    expectTypeOf<Awaited<ReturnType<HostApi["validate"]>>>().toEqualTypeOf<HostAnswer<ValidateResponse>>();
    expectTypeOf<Awaited<ReturnType<HostApi["prepare"]>>>().toEqualTypeOf<HostAnswer<PrepareResponse>>();
    expectTypeOf<Awaited<ReturnType<HostApi["apply"]>>>().toEqualTypeOf<HostAnswer<MutationAccepted>>();
    expectTypeOf<Awaited<ReturnType<HostApi["read"]>>>().toEqualTypeOf<HostAnswer<ResourceResponse>>();
    expectTypeOf<Operation>().toMatchTypeOf<Unverified<WireOperation>>();
    // A member the schema does not have is a compile error where the provider reads it.
    const prepared = { review: { prepareDigest: "sha256:0", specDigest: "sha256:1" } } as Unverified<PrepareResponse>;
    // @ts-expect-error the wire schema names no review.digest
    expect(prepared.review?.digest).toBeUndefined();
    expect(prepared.review?.prepareDigest).toBe("sha256:0");
  });

  it("come from a generated file that declares every wire document codegen lists", () => {
    const text = readFileSync(path.join(repo, "generated/wire/host-api.ts"), "utf8");
    expect(WIRE_DOCUMENTS.length).toBeGreaterThan(5);
    for (const name of WIRE_DOCUMENTS) {
      const type = name[0]!.toUpperCase() + name.slice(1);
      expect(text, type).toMatch(new RegExp(`^export (interface|type) ${type}\\b`, "m"));
    }
  });

  it("are never read through a hand-written copy of a wire document", () => {
    const copies: string[] = [];
    for (const file of filesUnder(path.join(repo, "provider-bridge")).filter((f) => f.endsWith(".ts"))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          // The inline shapes the provider used to cast bodies to, and its own Operation interface.
          if (/as \{ (review|operation|uploadId|manifestDigest|valid)\?/.test(line) || /^export interface Operation\b/.test(line))
            copies.push(`${path.relative(repo, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(copies).toEqual([]);
  });
});
