// Resource types of the takoform HOST EXTENSIONS (not Forms): emitted into schema.json beside the
// generated types so `terraform providers schema -json` serves one document, and implemented by
// hand in provider-bridge/extensions/. docs/decisions/0200-sensitive-values.md.

/** takoform_secret: one sensitive value of a worker; `value` is write-only (Terraform 1.11+). */
export const SECRET_RESOURCE_SCHEMA = {
  version: 0,
  block: {
    attributes: {
      id: { type: "string", description: "space/worker/name.", description_kind: "plain", computed: true },
      name: {
        type: "string",
        description: "The env name, as a WorkerVersion lists it in requiredSensitiveVars (^[A-Z][A-Z0-9_]{0,63}$). Changing it replaces the value.",
        description_kind: "plain",
        required: true,
      },
      space: {
        type: "string",
        description: "Space of the worker; defaults to the provider's space. Changing it replaces the value.",
        description_kind: "plain",
        optional: true,
        computed: true,
      },
      value: {
        type: "string",
        description:
          "The sensitive value. Write-only (Terraform 1.11 or later): sent to the host on create and whenever value_version changes, never stored in plan or state.",
        description_kind: "plain",
        required: true,
        sensitive: true,
        write_only: true,
      },
      value_version: {
        type: "number",
        description: "Bump to send a new value: Terraform cannot see a change of a write-only attribute.",
        description_kind: "plain",
        optional: true,
      },
      worker: {
        type: "string",
        description: "metadata.name of the ModuleWorker whose env receives the value. Changing it replaces the value.",
        description_kind: "plain",
        required: true,
      },
    },
    description:
      "A sensitive value of a ModuleWorker (takoform host extension, not a Form). A WorkerVersion listing the name in requiredSensitiveVars is Ready only while the value is set; the value itself never enters plan or state.",
    description_kind: "plain",
  },
} as const;

export const HOST_EXTENSION_RESOURCES: Record<string, unknown> = { takoform_secret: SECRET_RESOURCE_SCHEMA };
