// ES module export derivation for Worker bundles.
export * from "./export-analysis.js";
export * from "./bundle-source.js";
export { parseModule, type ParsedModule } from "./parse-module.js";
