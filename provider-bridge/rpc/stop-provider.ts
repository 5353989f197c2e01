// StopProvider: Terraform's answer to Ctrl-C (the process itself ignores
// SIGINT). Running operations see the abort signal; the process stays up so
// their results still reach state.
import type { ProviderServer } from "./provider-server.js";
import { log } from "../plugin/log.js";

export function stopProvider(server: ProviderServer<unknown>): { Error: string } {
  log("info", "StopProvider: asking running operations to stop");
  server.requestStop();
  return { Error: "" };
}
