// The Host API wire schemas -> generated/wire/host-api.ts: TypeScript types of the response bodies
// the provider reads (corpus/schemas/host-api-wire-v1beta1.schema.json, which references the
// Operation and artifact manifest schemas), via json-schema-to-typescript. The provider reads
// host answers through these types instead of hand-written shapes, so a schema change that renames
// or drops a member it reads stops the build.

import { readFileSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { corpusRoot } from "../../../corpus/lib/index.js";
import { GENERATED_HEADER } from "../header.js";
import { COMPILE_OPTIONS } from "../types/emit.js";

/** The documents of the wire schema ($defs) the provider reads, each emitted as a named type. */
export const WIRE_DOCUMENTS = [
  "resourceResponse",
  "validateResponse",
  "prepareResponse",
  "mutationAccepted",
  "operationEnvelope",
  "artifactUploadStatus",
  "artifactCommitResponse",
  "errorEnvelope",
] as const;

/**
 * TypeScript has no type for "a string that does not match P": json-schema-to-typescript renders
 * an allOf of `not` clauses as an object intersection (`{ [k: string]: unknown } & string`), which
 * no string satisfies. Those clauses constrain values, not shapes, so the types leave them out.
 */
export function withoutNegations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNegations);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "allOf" && Array.isArray(value)) {
      const kept = value.filter((clause) => !(clause !== null && typeof clause === "object" && Object.keys(clause).join() === "not"));
      if (kept.length > 0) out[key] = kept.map(withoutNegations);
    } else out[key] = withoutNegations(value);
  }
  return out;
}

export async function emitWireTypes(): Promise<string> {
  const dir = path.join(corpusRoot(), "schemas");
  const schema = withoutNegations(JSON.parse(readFileSync(path.join(dir, "host-api-wire-v1beta1.schema.json"), "utf8"))) as Record<string, unknown>;
  // The root validates a representation by $ref; list the documents instead, so each becomes a
  // named type. $id is dropped so the sibling schemas it references resolve from the corpus.
  delete schema.$schema;
  delete schema.$id;
  delete schema.$ref;
  const root = {
    ...schema,
    title: "HostApiWire",
    type: "object",
    additionalProperties: false,
    properties: Object.fromEntries(WIRE_DOCUMENTS.map((name) => [name, { $ref: `#/$defs/${name}` }])),
  };
  const types = await compile(root as Parameters<typeof compile>[0], "HostApiWire", { ...COMPILE_OPTIONS, cwd: dir });
  return [
    GENERATED_HEADER,
    "// Host API v1beta1 response bodies (corpus/schemas/host-api-wire-v1beta1.schema.json and the schemas it references).",
    "",
    types.trim(),
    "",
    "/** One Operation document (operations.takoform.com/v1alpha1), as a 202 carries it and GET {api}/operations/{id} answers it. */",
    'export type Operation = OperationEnvelope["operation"];',
    "",
  ].join("\n");
}
