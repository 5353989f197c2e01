// Resource identity: "metadata.name is the only name" and follows the portable resource-name
// grammar of the wire schema, ^[a-z][a-z0-9-]{0,62}$.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export const RESOURCE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export function resourceNameGrammar(name: unknown, where: string): RuleOutcome {
  if (typeof name === "string" && RESOURCE_NAME.test(name)) return accept();
  return refuse.invalid_argument(`${where} must match ${RESOURCE_NAME.source}`);
}
