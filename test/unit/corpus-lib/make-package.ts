// Builds a Form Package on disk for tests: writes the definition and fixtures and an index whose
// digests are computed here, so a test controls every byte.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { canonicalDigest, fileDigest, type ExactFormRef } from "../../../corpus/lib/index.js";

export function writePackage(
  dir: string,
  definition: Record<string, unknown>,
  fixtures: Record<string, unknown> = {},
): { ref: ExactFormRef; packageDigest: string } {
  mkdirSync(dir, { recursive: true });
  const files: { path: string; mediaType: string; size: number; digest: string }[] = [];
  const put = (rel: string, mediaType: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
    files.push({ path: rel, mediaType, size: Buffer.byteLength(text), digest: fileDigest(text) });
  };
  put("definition.json", "application/vnd.takoform.form-definition.v1+json", JSON.stringify(definition, null, 2) + "\n");
  for (const [rel, value] of Object.entries(fixtures)) put(rel, "application/json", JSON.stringify(value, null, 2) + "\n");
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  const ref = {
    apiVersion: definition.apiVersion as string,
    kind: definition.kind as string,
    definitionVersion: definition.definitionVersion as string,
    schemaDigest: canonicalDigest(definition),
  };
  const index = { apiVersion: "packages.forms.takoform.com/v1alpha4", kind: "FormPackage", formRef: ref, definitionPath: "definition.json", files };
  writeFileSync(path.join(dir, "package-index.json"), JSON.stringify(index, null, 2) + "\n");
  return { ref, packageDigest: canonicalDigest(index) };
}

export function minimalDefinition(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: "example.forms.takoform.com/v1beta1",
    kind: "Widget",
    definitionVersion: "1.0.0",
    title: "Widget",
    role: "identity",
    desiredSchema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", additionalProperties: false, properties: {} },
    lifecycleCapabilities: ["create", "read", "delete", "import", "observe"],
    ...overrides,
  };
}
