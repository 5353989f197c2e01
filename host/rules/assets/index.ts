export * from "./spa-index.js";
export * from "./asset-path.js";
