export * from "./binding-lists.js";
export * from "./environment-namespace.js";
