// Resource identity: "metadata.name is the only name" and follows the portable resource-name
// grammar of the wire schema, ^[a-z][a-z0-9-]{0,62}$. A refusal says what is wrong with the name
// given, in words, so an author can fix it without reading the expression.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export const RESOURCE_NAME = /^[a-z][a-z0-9-]{0,62}$/;
const MAX_LENGTH = 63;
const OUTSIDE_ALPHABET = /[^a-z0-9-]/u;

/** What is wrong with `name` as a resource name, or undefined when it is one. */
export function resourceNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string") return "it must be a string";
  if (name === "") return "it must not be empty";
  const stray = OUTSIDE_ALPHABET.exec(name)?.[0];
  if (stray !== undefined) return `it contains ${JSON.stringify(stray)}: only lowercase letters a-z, digits and "-" are allowed`;
  if (!/^[a-z]/.test(name)) return `it starts with ${JSON.stringify(name[0])}: the first character must be a lowercase letter`;
  if (name.length > MAX_LENGTH) return `it has ${name.length} characters: at most ${MAX_LENGTH} are allowed`;
  return undefined;
}

/** The given name as a message shows it: JSON, cut after 64 characters. */
function shown(name: unknown): string {
  if (typeof name !== "string") return name === null ? "null" : `a ${Array.isArray(name) ? "array" : typeof name}`;
  return JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);
}

export function resourceNameGrammar(name: unknown, where: string): RuleOutcome {
  const problem = resourceNameProblem(name);
  if (problem === undefined) return accept();
  return refuse.invalid_argument(`${where}: ${shown(name)} is not a valid resource name: ${problem} (the grammar is ${RESOURCE_NAME.source})`);
}
