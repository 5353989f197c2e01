// Relation rules (issue 4): resolution and pinning, binding verification, drift, dependency protection.
export * from "../outcome.js";
export * from "./view.js";
export * from "./refs.js";
export * from "./relation-instances.js";
export * from "./target-group-kind.js";
export * from "./target-contract.js";
export * from "./binding-verification.js";
export * from "./resolve-relations.js";
export * from "./relation-drift.js";
export * from "./dependency-protection.js";
