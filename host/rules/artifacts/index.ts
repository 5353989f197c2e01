// Artifact manifest rules (issue 5), as pure functions.
export * from "./relative-path.js";
export * from "./media-types.js";
export * from "./limits.js";
export * from "./manifest-entries.js";
export * from "./worker-bundle-manifest.js";
export * from "./file-bundle-manifest.js";
export * from "./manifest-validation.js";
export * from "./manifest-reference.js";
export * from "./blob-verification.js";
