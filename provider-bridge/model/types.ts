// The provider model codegen emits (generated/provider/model.ts, the contract
// of docs/provider-model.md). Its types are imported from the generated module
// itself, so a change of shape there fails this build until the reader follows.
export type { AttributeModel, ExactFormRef, ProviderModel, ResourceModel, Role as FormRole, Validator } from "../../generated/provider/model.js";

/** Attributes every resource schema carries besides the Form's own (docs/provider-model.md). */
export const COMMON_REPLACE_ATTRIBUTES = ["name", "space"] as const;
/**
 * Computed attributes whose values a successful update may change, planned unknown on an update.
 * The rest keep their state on an update (uid, space, pending_operation_id): ADR 0286.
 */
export const VOLATILE_COMPUTED_ATTRIBUTES = ["ready", "status_json", "outputs_json"] as const;
