// Reads reference candidate definitions at test time (never copied into the project).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FormDefinition } from "../../../corpus/lib/index.js";
import { referenceFormsDir } from "./paths.js";

export function referenceDefinition(dirName: string): FormDefinition {
  return JSON.parse(readFileSync(path.join(referenceFormsDir, dirName, "definition.json"), "utf8")) as FormDefinition;
}

export function referenceFormDirs(): string[] {
  return readdirSync(referenceFormsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export function referenceFixture(dirName: string, rel: string): unknown {
  return JSON.parse(readFileSync(path.join(referenceFormsDir, dirName, rel), "utf8"));
}
