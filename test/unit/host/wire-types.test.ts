// The host's wire module and the wire schema's generated types (generated/wire/host-api.ts, which
// the provider reads host answers through) describe the same documents. The host may not import
// generated/ (the one-way pipeline), so this file holds the two to each other: tsc over the tests
// (`npm run typecheck`, a step of .ci/run) fails when a member is added to, dropped from or
// retyped on either side; at run time a rendered resource is checked against the schema itself.

import { describe, expect, expectTypeOf, it } from "vitest";
import type { Condition as WireCondition, ResourceResponse } from "../../../generated/wire/host-api.js";
import type { Condition } from "../../../host/wire/conditions.js";
import { renderResource, type RenderedResource } from "../../../host/wire/render-resource.js";
import type { ResourceRecord } from "../../../host/store/records.js";

describe("the host's wire module and the generated wire types", () => {
  it("render a resource the generated ResourceResponse accepts, with the same condition type", () => {
    // Assignability, checked by tsc: a host rendering is a wire resourceResponse, and the two
    // condition types are each other's.
    const asWire = (resource: RenderedResource): ResourceResponse => resource;
    const toWire = (condition: Condition): WireCondition => condition;
    const fromWire = (condition: WireCondition): Condition => condition;
    expectTypeOf<RenderedResource["status"]["conditions"][number]>().toEqualTypeOf<Condition>();
    // @ts-expect-error the schema's resourceResponse requires status; a representation without it is not one
    const withoutStatus = (resource: Omit<RenderedResource, "status">): ResourceResponse => resource;
    expect([asWire, toWire, fromWire, withoutStatus].every((f) => typeof f === "function")).toBe(true);
    const record = {
      ref: { apiVersion: "edge.forms.takoform.com/v1beta1", kind: "EdgeKVNamespace", definitionVersion: "0.1.0", schemaDigest: `sha256:${"a".repeat(64)}` },
      name: "sessions",
      space: "default",
      uid: "u1",
      generation: "1",
      revision: "1",
      spec: {},
      conditions: [{ type: "Ready", status: "True", reason: "Available", lastTransitionTime: "2026-12-03T00:00:00Z" }],
    } as unknown as ResourceRecord;
    const rendered: ResourceResponse = renderResource(record);
    expect(rendered.status.conditions[0]!.reason).toBe("Available");
    expect("packageDigest" in rendered.form).toBe(false);
    expect("outputs" in rendered.status).toBe(false);
  });
});
