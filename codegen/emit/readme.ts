// generated/README.md: what this directory is and how it is made.

export function emitGeneratedReadme(): string {
  return `# generated/

Output of \`takoform codegen\`, committed. Never edit by hand: change the Form Packages or codegen/
and regenerate (\`node bin/takoform.mjs codegen\`). CI runs \`takoform codegen --check\` and fails when a
fresh regeneration differs from what is committed.

- provider/schema.json: the provider schema, exactly as \`terraform providers schema -json\` prints it
- provider/model.ts: what the provider dispatches on (docs/provider-model.md)
- types/: TypeScript types of every Form definition's desired spec and outputs
- wire/host-api.ts: TypeScript types of the Host API response bodies (corpus/schemas/host-api-wire-v1beta1), which the provider reads host answers through
- cdktf/: CDKTF construct classes for the provider and every resource type (\`npx tsc -p generated/cdktf\`)
- docs/: provider and resource documentation in the Terraform Registry layout (index.md, resources/*.md)
- examples/: the example files registry tooling reads (provider/provider.tf, resources/<type>/resource.tf and import.sh); the pages embed exactly these
- cdktf/index.ts: the flat entry of the bindings, built into the package entries \`takoform/cdktf\` and \`takoform/cdktn\` (ADR 0230)

May import: nothing of the project (it is data and emitted code).
`;
}
