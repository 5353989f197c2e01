// What this provider tells Terraform about itself:
// - plan_destroy: destroys are planned too, so a refusal (deletion protection,
//   a dependency in use) can surface at plan time;
// - get_provider_schema_optional: Terraform may reuse the schema it read from
//   the first process instead of asking each of the later ones.
import type { Writable } from "../proto/codec.js";
import type { ServerCapabilities } from "../proto/types.js";

export function serverCapabilities(): Writable<ServerCapabilities> {
  return { plan_destroy: true, get_provider_schema_optional: true, move_resource_state: false };
}
