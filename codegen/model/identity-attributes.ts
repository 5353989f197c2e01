// The attributes every resource type carries besides its Form's desired fields and outputs.
// `name` and `space` address the resource; the rest are computed from the host's representation.
// wireName names where the value lives in the wire representation.

import type { AttributeModel, CtyType, Validator } from "./types.js";
import { validatorsFor } from "./validators.js";

/** The portable resource-name grammar of metadata.name (host-api wire schema, resourceMetadata). */
export const RESOURCE_NAME_SCHEMA = { type: "string", minLength: 1, maxLength: 63, pattern: "^[a-z][a-z0-9-]{0,62}$" };

/** The SpaceID length bounds (host-api wire schema, spaceId); the character rules are left to the host. */
export const SPACE_SCHEMA = { type: "string", minLength: 1, maxLength: 255 };

function computed(name: string, wireName: string, type: CtyType, description: string): AttributeModel {
  return {
    name,
    wireName,
    description,
    type,
    required: false,
    optional: false,
    computed: true,
    sensitive: false,
    requiresReplace: false,
    validators: [],
  };
}

function nameValidators(): Validator[] {
  return validatorsFor(RESOURCE_NAME_SCHEMA);
}

/** `name` and `space`: the arguments every resource takes. */
export function addressAttributes(): AttributeModel[] {
  return [
    {
      name: "name",
      wireName: "metadata.name",
      description:
        "Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.",
      type: "string",
      required: true,
      optional: false,
      computed: false,
      sensitive: false,
      requiresReplace: true,
      validators: nameValidators(),
    },
    {
      name: "space",
      wireName: "metadata.space",
      description:
        "Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.",
      type: "string",
      required: false,
      optional: true,
      computed: true,
      sensitive: false,
      requiresReplace: true,
      validators: validatorsFor(SPACE_SCHEMA),
    },
  ];
}

/** The computed identity and status attributes, in schema order (emitters sort by name anyway). */
export function identityAttributes(): AttributeModel[] {
  return [
    computed(
      "uid",
      "metadata.uid",
      "string",
      "Identity the host issued to this incarnation of the resource. Deleting and re-creating a resource of the same name yields a new uid.",
    ),
    computed(
      "ready",
      "status.conditions[type=Ready].status",
      "bool",
      "True when the host reports the Ready condition with status True. `status_json` says why it is not (`ready_reason`, `ready_message`) and holds every condition.",
    ),
    computed(
      "status_json",
      "metadata, status.conditions, relations",
      "string",
      "What the host reports about this resource besides its outputs, as JSON text (read it with `jsondecode(...)`): `form_ref`, the exact Form definition the resource was created under and is read, updated and deleted under (`<apiVersion>/<kind>@<definitionVersion>#<schemaDigest>`); `generation`, the desired-state generation (a canonical decimal string that moves only when the desired spec changes); `revision`, the representation revision (it moves whenever anything the host serves changes); `ready_reason` and `ready_message`, the Ready condition's reason and message (null without one); `conditions`, every status condition in the host's order (members type, status, reason, message, host_reason, observed_generation, last_transition_time; a member the host does not report is left out); and `relations`, the references of the desired spec (pointer, relation, target_api_version, target_kind, target_name; the host keeps the pinned target uid to itself and reports a moved or missing target as a condition). The text starts with one space, so that a plan prints it on one line.",
    ),
    computed(
      "outputs_json",
      "status.outputs",
      "string",
      'The whole status.outputs document as JSON text, including any value no output attribute describes. "{}" when the Form declares no outputs.',
    ),
    computed(
      "pending_operation_id",
      "operation.id",
      "string",
      "Id of a host operation that was accepted but had not finished when the last apply returned; null once it settles. A refresh consults it before reading the resource.",
    ),
  ];
}

/** Every root attribute name that is not a desired field or an output. */
export function fixedAttributeNames(): string[] {
  return [...addressAttributes(), ...identityAttributes()].map((a) => a.name);
}
