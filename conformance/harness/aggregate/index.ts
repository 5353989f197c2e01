// Helpers of the Worker-aggregate and relation checks: pinned artifacts, spec builders,
// the aggregate builder with cleanup, refusal attempts with read-backs, rendered conditions, and
// the out-of-band deletion probe.

export * from "./artifact-source.js";
export * from "./attempts.js";
export * from "./binding-probes.js";
export * from "./builder.js";
export * from "./collisions.js";
export * from "./conditions.js";
export * from "./endpoint.js";
export * from "./out-of-band.js";
export * from "./pinned-artifacts.js";
export * from "./specs.js";
