// The provider block: where the host is and how to talk to it.
import type { SchemaJson } from "../schema/schema-json.js";

export const DEFAULT_REQUEST_TIMEOUT = "30s";
export const DEFAULT_OPERATION_TIMEOUT = "20m";

export const providerSchema: SchemaJson = {
  version: 0,
  block: {
    description: "Manages Takoform resources on a host that implements the Takoform Host API v1beta1.",
    description_kind: "plain",
    attributes: {
      endpoint: {
        type: "string",
        optional: true,
        description_kind: "plain",
        description:
          "Base URL of the Takoform host, such as https://takoform.example.com. The provider reads the host's discovery document at /.well-known/takoform/v1beta1 below it. Defaults to the TAKOFORM_ENDPOINT environment variable.",
      },
      token: {
        type: "string",
        optional: true,
        sensitive: true,
        description_kind: "plain",
        description:
          "Bearer token presented to the host. Defaults to the TAKOFORM_TOKEN environment variable; leave both unset for a host without authentication.",
      },
      space: {
        type: "string",
        optional: true,
        description_kind: "plain",
        description:
          "Space used by resources that do not set their own space. Defaults to the TAKOFORM_SPACE environment variable, then to the host's default space.",
      },
      request_timeout: {
        type: "string",
        optional: true,
        description_kind: "plain",
        description: `Longest time one HTTP request to the host may take, as a duration such as "30s". Defaults to "${DEFAULT_REQUEST_TIMEOUT}".`,
      },
      operation_timeout: {
        type: "string",
        optional: true,
        description_kind: "plain",
        description: `Longest time the provider waits for a long-running host operation to finish before giving up (the operation id stays in state, and the next run resumes it), as a duration such as "20m". Defaults to "${DEFAULT_OPERATION_TIMEOUT}".`,
      },
      respond_async: {
        type: "bool",
        optional: true,
        description_kind: "plain",
        description:
          'Ask the host to answer every mutation (apply, delete, import, artifact commit) with an accepted operation (RFC 7240 `Prefer: respond-async`) instead of holding the request open. The provider then follows the operation under operation_timeout and keeps its id in pending_operation_id when interrupted. Defaults to the TAKOFORM_RESPOND_ASYNC environment variable ("true" or "false"), then false.',
      },
    },
  },
};
