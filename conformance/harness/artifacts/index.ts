// Helpers of the artifact checks: the six transport routes, runner-made and pinned
// artifacts, the upload flow with its refusals, and the per-tenant holding read-backs.

export * from "./bundles.js";
export * from "./ceilings.js";
export * from "./holding.js";
export * from "./manifest-cases.js";
export * from "./migrations.js";
export * from "./routes.js";
export * from "./upload.js";
