// The codegen model: what every emitter reads. Emitters never see raw JSON Schema, and the
// parser never prints (the CDKTF generator's parser -> models -> emitters split).
//
// ProviderModel/ResourceModel/AttributeModel/Validator are also the provider contract
// (docs/provider-model.md). They are declared once, in corpus/lib/provider-model.ts, which
// generated/provider/model.ts imports too, so the emitted model and this one cannot drift.
export type {
  AttributeModel,
  BindingRef,
  CtyType,
  ExactFormRef,
  InterfaceRef,
  ManifestKind,
  Nesting,
  ProviderModel,
  ReferenceModel,
  ResourceModel,
  Role,
  Validator,
} from "../../corpus/lib/provider-model.js";
