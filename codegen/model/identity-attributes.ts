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
      "generation",
      "metadata.generation",
      "string",
      "Desired-state generation, a canonical decimal string. It moves only when the desired spec changes.",
    ),
    computed(
      "revision",
      "metadata.revision",
      "string",
      "Representation revision, a canonical decimal string. It moves whenever anything the host serves for this resource changes, status and outputs included.",
    ),
    computed(
      "form_ref",
      "formRef",
      "string",
      "The exact Form definition this resource was created under and is read, updated and deleted under, as one string: `<apiVersion>/<kind>@<definitionVersion>#<schemaDigest>` (for example `edge.forms.takoform.com/v1beta1/EdgeKVNamespace@1.0.0#sha256:...`).",
    ),
    computed(
      "ready",
      "status.conditions[type=Ready].status",
      "bool",
      "True when the host reports the Ready condition with status True. `ready_reason` and `ready_message` say why it is not; `conditions_json` holds every condition.",
    ),
    computed(
      "ready_reason",
      "status.conditions[type=Ready].reason",
      "string",
      "The reason of the host's Ready condition (for example `Available`, `Provisioning`, `DependencyMissing`); null when the host reports no Ready condition.",
    ),
    computed("ready_message", "status.conditions[type=Ready].message", "string", "The message of the host's Ready condition; null when the host reports none."),
    computed(
      "conditions_json",
      "status.conditions",
      "string",
      "Every status condition the host reports, in the host's order, as JSON text: a list of objects with the members type, status, reason, message, host_reason, observed_generation and last_transition_time (a member the host does not report is left out). Read it with `jsondecode(...)`. The text starts with one space, so that a plan prints it on one line instead of expanding every condition.",
    ),
    computed(
      "relations_json",
      "relations",
      "string",
      "The references of this resource's desired spec as JSON text: a list of objects with pointer, relation, target_api_version, target_kind and target_name, known at plan time from the configuration. Read it with `jsondecode(...)`. The host keeps the pinned target uid and Form definition to itself and reports a moved or missing target as a condition (see `conditions_json`).",
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
