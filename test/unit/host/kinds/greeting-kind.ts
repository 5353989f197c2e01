// The kind module of the toy Greeting Form (test/fixtures/toy-kind), written exactly as a module
// under host/kinds/ is (docs/architecture.md, "Adding a kind"): one KindBehaviour value, each
// member a small pure step the lifecycle stages run for this kind and no other.

import type { KindBehaviour } from "../../../../host/kinds/index.js";
import { refuse } from "../../../../host/errors.js";

export const GREETING_GROUP = "toy.forms.example.test/v1alpha1";

export const greeting: KindBehaviour = {
  /** The text is stored without surrounding white space, so "  hi " and "hi" are one spec. */
  canonicalize(spec) {
    return typeof spec.text === "string" ? { spec: { ...spec, text: spec.text.trim() }, diagnostics: [] } : { spec, diagnostics: [] };
  },

  /** A greeting does not shout. */
  specRules(spec) {
    const text = typeof spec.text === "string" ? spec.text : "";
    return /[A-Z]/.test(text) && text === text.toUpperCase() ? [{ severity: "error", field: "/text", message: "a greeting must not be all capitals" }] : [];
  },

  /** Not Ready while the text is still "...". */
  derivedReady(_view, record) {
    if (record.spec.text !== "...") return undefined;
    return { type: "Ready", status: "False", reason: "Provisioning", message: "the greeter has not decided what to say yet" };
  },

  /** A greeting saying "goodbye" is the last word: it cannot be deleted. */
  deleteGuard(_view, record) {
    if (record.spec.text === "goodbye") throw refuse.deletion_protected(`Greeting ${record.name} says goodbye and stays`);
  },

  /** What the data plane serves for a greeting: loaded on first use, like the Edge kinds' projections. */
  runtime: () => import("./greeting-runtime.js").then((m) => m.greetingRuntime),
};
