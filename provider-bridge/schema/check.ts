// The structural rules Terraform assumes of a provider schema but does not
// check itself in 1.11 (a bad schema makes Terraform panic or misbehave
// instead of failing cleanly). Every schema is checked before it is served.
import { CtyTypeError, hasDynamic, parseCtyType } from "../wire/cty-type.js";
import type { AttributeJson, BlockJson } from "./schema-json.js";

const NAME = /^[a-z0-9_]+$/;

function checkAttribute(path: string, a: AttributeJson, inSet: boolean, problems: string[]): void {
  const hasType = a.type !== undefined;
  const hasNested = a.nested_type !== undefined;
  if (hasType === hasNested) problems.push(`${path}: exactly one of type and nested_type must be set`);
  if (a.required && (a.optional || a.computed)) problems.push(`${path}: a required attribute cannot also be optional or computed`);
  if (!a.required && !a.optional && !a.computed) problems.push(`${path}: must be required, optional or computed`);
  if (a.write_only && a.computed) problems.push(`${path}: a write-only attribute cannot be computed`);
  if (inSet && a.write_only) problems.push(`${path}: write-only attributes are not allowed inside a set`);
  if (hasType) {
    try {
      const t = parseCtyType(a.type);
      if (inSet && hasDynamic(t)) problems.push(`${path}: dynamic types are not allowed inside a set`);
      if (t.kind === "set" && hasDynamic(t.element)) problems.push(`${path}: dynamic types are not allowed inside a set`);
    } catch (err) {
      if (err instanceof CtyTypeError) problems.push(`${path}: ${err.message}`);
      else throw err;
    }
  }
  if (a.nested_type) {
    const nested = a.nested_type;
    if (!["single", "list", "set", "map"].includes(nested.nesting_mode)) problems.push(`${path}: invalid nesting_mode ${String(nested.nesting_mode)}`);
    checkAttributes(path, nested.attributes, inSet || nested.nesting_mode === "set", problems);
  }
}

function checkAttributes(path: string, attrs: Record<string, AttributeJson> | undefined, inSet: boolean, problems: string[]): void {
  for (const [name, a] of Object.entries(attrs ?? {})) {
    const p = path ? `${path}.${name}` : name;
    if (!NAME.test(name)) problems.push(`${p}: attribute names must match ${NAME.source}`);
    checkAttribute(p, a, inSet, problems);
  }
}

function checkBlock(path: string, block: BlockJson, inSet: boolean, problems: string[]): void {
  checkAttributes(path, block.attributes, inSet, problems);
  for (const [name, b] of Object.entries(block.block_types ?? {})) {
    const p = path ? `${path}.${name}` : name;
    if (!NAME.test(name)) problems.push(`${p}: block type names must match ${NAME.source}`);
    if (block.attributes && name in block.attributes) problems.push(`${p}: both an attribute and a block type`);
    if (!b || typeof b.block !== "object" || b.block === null) {
      problems.push(`${p}: nested block without a block`);
      continue;
    }
    const min = b.min_items ?? 0;
    const max = b.max_items ?? 0;
    switch (b.nesting_mode) {
      case "single":
        if (min > 1 || max > 1) problems.push(`${p}: a single block has min_items and max_items of 0 or 1`);
        break;
      case "group":
        if (min !== 0 || max !== 0) problems.push(`${p}: a group block has no min_items or max_items`);
        break;
      case "map":
        if (min !== 0 || max !== 0) problems.push(`${p}: a map block has no min_items or max_items`);
        break;
      case "list":
      case "set":
        if (min < 0 || max < 0 || (max !== 0 && min > max)) problems.push(`${p}: min_items must not exceed max_items`);
        break;
      default:
        problems.push(`${p}: invalid nesting_mode ${String(b.nesting_mode)}`);
    }
    checkBlock(p, b.block, inSet || b.nesting_mode === "set", problems);
  }
}

/** Problems with a schema block; empty when Terraform can safely use it. */
export function checkSchemaBlock(block: BlockJson): string[] {
  const problems: string[] = [];
  checkBlock("", block, false, problems);
  return problems;
}
