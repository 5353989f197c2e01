// Makes the CDKTF generator's TypeScript compile under this project's own compiler settings
// (NodeNext ESM, strict, noImplicitOverride), so generated/cdktf is checked by the project's tsc
// like any other source. Each rewrite is exact; test/unit/codegen/cdktf.test.ts compiles the result.

/** Parameter properties of ComplexList/ComplexMap subclasses redeclare base members. */
const LIST_CONSTRUCTOR =
  "constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean)";
const LIST_CONSTRUCTOR_OVERRIDE =
  "constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean)";

/** Methods every resource and provider class overrides from TerraformResource/TerraformProvider. */
const OVERRIDDEN_METHODS = ["synthesizeAttributes", "synthesizeHclAttributes"];

/** Accessors of the provider's `alias` meta-argument, which TerraformProvider already declares. */
const PROVIDER_ALIAS_ACCESSORS = ["  public get alias()", "  public set alias("];

/** Files of the generator's output that are not kept: CommonJS-only lazy loading. */
export const DROPPED_FILES: readonly string[] = ["providers/takoform/lazy-index.ts"];

/** Rewrites one generated file; `rel` is its path relative to the generator's output. */
export function postProcess(rel: string, text: string): string {
  let out = text.replaceAll(LIST_CONSTRUCTOR, LIST_CONSTRUCTOR_OVERRIDE);
  for (const m of OVERRIDDEN_METHODS) out = out.replaceAll(`  protected ${m}(`, `  protected override ${m}(`);
  if (rel.endsWith("/provider/index.ts")) {
    for (const a of PROVIDER_ALIAS_ACCESSORS) out = out.replaceAll(a, a.replace("public ", "public override "));
  }
  // NodeNext ESM needs explicit extensions: "./worker-version" -> "./worker-version/index.js".
  if (rel.endsWith("/index.ts")) out = out.replace(/from '\.\/([a-z0-9-]+)';/g, "from './$1/index.js';");
  return out;
}
