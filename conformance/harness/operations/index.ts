// Helpers of the long-running operation checks: the Operation document and its prose
// rules, asking for asynchrony, the operation routes and polling, outcomes, and the window
// between accept and commit.

export * from "./accept.js";
export * from "./document.js";
export * from "./outcomes.js";
export * from "./requests.js";
export * from "./window.js";
