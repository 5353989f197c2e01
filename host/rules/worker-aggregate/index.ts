// Worker aggregate rules (decision 0016) and the handler rules of Support profiles.
export * from "./aggregate.js";
export * from "./one-active-deployment.js";
export * from "./deployment-integrity.js";
export * from "./attachment-gate.js";
export * from "./reverse-validation.js";
export * from "./deployment-deletion.js";
export * from "./worker-readiness.js";
export * from "./inbound-service-binding.js";
export * from "./handler-vocabulary.js";
export * from "./handler-exports.js";
