// Public surface of corpus/lib. Other parts import only from here.

export * from "./types.js";
export * from "./digest.js";
export * from "./root.js";
export * from "./taxonomy.js";
export * from "./ijson.js";
