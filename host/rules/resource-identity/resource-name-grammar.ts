// Resource identity: "metadata.name is the only name" and follows the portable resource-name
// grammar of the wire schema, ^[a-z][a-z0-9-]{0,62}$.

import { refuse, type HostError } from "../../errors.js";

export const RESOURCE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

export function resourceNameGrammar(name: unknown, where: string): HostError | undefined {
  if (typeof name === "string" && RESOURCE_NAME.test(name)) return undefined;
  return refuse.invalid_argument(`${where} must match ${RESOURCE_NAME.source}`);
}
