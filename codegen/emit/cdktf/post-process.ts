// Makes the CDKTF generator's TypeScript compile under this project's own compiler settings
// (NodeNext ESM, strict, noImplicitOverride), so generated/cdktf is checked by the project's tsc
// like any other source. Each rewrite is exact; test/unit/codegen/cdktf.test.ts compiles the result.

import path from "node:path";

/** Parameter properties of ComplexList/ComplexMap subclasses redeclare base members. */
const LIST_CONSTRUCTOR =
  "constructor(protected terraformResource: cdktf.IInterpolatingParent, protected terraformAttribute: string, protected wrapsSet: boolean)";
const LIST_CONSTRUCTOR_OVERRIDE =
  "constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean)";

/** Methods every resource and provider class overrides from TerraformResource/TerraformProvider. */
const OVERRIDDEN_METHODS = ["synthesizeAttributes", "synthesizeHclAttributes"];

/** Accessors of the provider's `alias` meta-argument, which TerraformProvider already declares. */
const PROVIDER_ALIAS_ACCESSORS = ["  public get alias()", "  public set alias("];

/** A Registry docs link (the generator's; the provider is not published there, so those pages do not exist) -> the generated page in this repository (resources/x -> resources/x.md, the root -> index.md). */
export function localDocsLinks(text: string, generatedDir = "generated"): string {
  // Attribute anchors are dropped: the generated pages list attributes without anchors.
  return text
    .replace(
      /https:\/\/registry\.terraform\.io\/providers\/takoform\/takoform\/latest\/docs(\/resources\/[a-z0-9_]+)?(#[a-z0-9_]+)?/g,
      (_m, page: string | undefined) => (page === undefined ? `${generatedDir}/docs/index.md` : `${generatedDir}/docs${page}.md`),
    )
    .replaceAll("Docs at Terraform Registry: ", "Docs: ");
}

/** Files of the generator's output that are not kept: CommonJS-only lazy loading. */
export const DROPPED_FILES: readonly string[] = ["providers/takoform/lazy-index.ts"];

/** "~> MAJOR.MINOR" of a provider version: any later patch or minor release of the same major. */
export function versionConstraint(version: string): string {
  const [major, minor] = version.split(".");
  return `~> ${major ?? "0"}.${minor ?? "0"}`;
}

/** Rewrites one generated file; `rel` is its path relative to the generator's output. */
export function postProcess(rel: string, text: string, providerVersion = "0.0.0"): string {
  let out = text.replaceAll(LIST_CONSTRUCTOR, LIST_CONSTRUCTOR_OVERRIDE);
  // Markdown links resolve against the file's folder (generated/cdktf/<rel>); JSDoc names repository paths.
  out = rel.endsWith(".md")
    ? localDocsLinks(out, path.posix.relative(path.posix.dirname(`generated/cdktf/${rel}`), "generated")).replace(
        "Refer to the Terraform Registry for docs: ",
        "Docs: ",
      )
    : localDocsLinks(out);
  for (const m of OVERRIDDEN_METHODS) out = out.replaceAll(`  protected ${m}(`, `  protected override ${m}(`);
  if (rel.endsWith("/provider/index.ts")) {
    for (const a of PROVIDER_ALIAS_ACCESSORS) out = out.replaceAll(a, a.replace("public ", "public override "));
    // The provider class carries its version constraint, so synth writes required_providers.version
    // and no author needs addOverride for it.
    out = out.replace(
      "        providerName: 'takoform'\n",
      `        providerName: 'takoform',\n        providerVersionConstraint: '${versionConstraint(providerVersion)}'\n`,
    );
  }
  // NodeNext ESM needs explicit extensions: "./worker-version" -> "./worker-version/index.js".
  if (rel.endsWith("/index.ts")) out = out.replace(/from '\.\/([a-z0-9-]+)';/g, "from './$1/index.js';");
  return out;
}
