// Public surface of corpus/lib. Other parts import only from here.

export * from "./types.js";
export * from "./digest.js";
export * from "./root.js";
export * from "./taxonomy.js";
export * from "./ijson.js";
export * from "./json-pointer.js";
export * from "./json-file.js";
export * from "./form-ref.js";
export * from "./edge-family.js";
export * from "./package-path.js";
export * from "./package-index.js";
export * from "./form-definition.js";
export * from "./package.js";
export * from "./contract-definition.js";
export * from "./declared-refs.js";
export * from "./corpus-index.js";
export * from "./verify.js";
export * from "./relations.js";
export * from "./lifecycle.js";
export * from "./defaults.js";
export * from "./compile-schema.js";
export * from "./load-package.js";
export * from "./catalog.js";
