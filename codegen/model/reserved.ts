// Root attribute names a desired property or a declared output may not take as they are.
// Policy as data; the resolution rule lives in parse/root-names.ts.

/** Terraform meta-arguments and blocks: Terraform refuses these as resource attribute names. */
export const TERRAFORM_META_ARGUMENTS: readonly string[] = ["connection", "count", "depends_on", "for_each", "lifecycle", "provider", "provisioner"];

/** Conventionally the Terraform resource id; kept free so no Form field can be read as one. */
export const CONVENTIONAL_NAMES: readonly string[] = ["id"];

/** Prefix a desired property takes when its snake name is reserved: desired "name" -> "spec_name". */
export const DESIRED_COLLISION_PREFIX = "spec_";

/** Prefix a declared output takes when its snake name is taken: output "worker" -> "output_worker". */
export const OUTPUT_COLLISION_PREFIX = "output_";
