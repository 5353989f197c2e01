// The demo's failure summary keeps terraform's whole diagnostics (the host's message, request id and
// repair sentence), not only the lines that contain "Error".
import { describe, expect, it } from "vitest";
import { failureSummary, resourceCount } from "../../../scripts/demo/failure.js";

// cdktf's framing of a terraform failure, as `cdktf deploy` prints it.
const OUTPUT = `edge-app  takoform_worker_version.shop-stable (shop-stable): Creating...
edge-app  ╷
          │ Error: Cannot create WorkerVersion "shop-3f1c2b": artifact_missing
          │
          │   with takoform_worker_version.shop-stable (shop-stable),
          │   on cdk.tf.json line 212, in resource.takoform_worker_version.shop-stable (shop-stable):
          │  212:       }
          │
          │ takoform_worker_version "default/shop-3f1c2b" (WorkerVersion under
          │ edge.forms.takoform.com/v1beta1 0.1.0, sha256:c4f1); sent If-None-Match: * (create).
          │ The host answered artifact_missing (HTTP 404) (request
          │ req-e110fe8f-224c-4a46-99c3-781c67e1a700): /manifestDigest: no committed manifest
          │ is available to this tenant
          │
          │ The artifact manifest is not held by your tenant on this host. Upload and
          │ commit it first.
          ╵
edge-app  ::error::Terraform exited with code 1.
Invoking Terraform CLI failed with exit code 1`;

describe("the demo's failure summary", () => {
  it("shows each error whole: the resource, the host's message and request id, and the repair", () => {
    const summary = failureSummary(OUTPUT).join("\n");
    expect(summary).toContain('Error: Cannot create WorkerVersion "shop-3f1c2b": artifact_missing');
    expect(summary).toContain("The host answered artifact_missing (HTTP 404) (request");
    expect(summary).toContain("/manifestDigest: no committed manifest");
    expect(summary).toContain("Upload and\ncommit it first.");
    expect(summary).not.toMatch(/[│╷╵]/);
    expect(summary).not.toContain("Creating...");
  });

  it("falls back to the lines naming an error when terraform printed no diagnostic", () => {
    expect(failureSummary("something\nerror: cdktf could not synthesize\nmore")).toEqual(["error: cdktf could not synthesize"]);
  });

  it("counts resources in words", () => {
    expect([resourceCount(1), resourceCount(2), resourceCount(0)]).toEqual(["1 resource", "2 resources", "0 resources"]);
  });
});
