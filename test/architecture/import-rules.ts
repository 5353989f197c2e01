// The import rules each part's README states on its "May import:" line, as data a machine
// checks (import-rules.test.ts). A rule applies to every file under `folder` (the most specific
// folder wins for `may`; every matching rule's `mayNot` applies). Own-folder imports are always
// allowed; npm packages and Node built-ins are not relative imports and are not checked here.

export interface ImportRule {
  folder: string;
  /** The README whose "May import:" line this rule keeps. */
  readme: string;
  /** Path prefixes (folders end in "/") outside `folder` that files under it may import. */
  may?: readonly string[];
  /** Path prefixes a file under `folder` must never import, even where a wider rule allows it. */
  mayNot?: readonly string[];
}

/** The entry points other parts (the CLI, integration tests) drive the host and provider through. */
const PUBLIC = [
  "corpus/lib/",
  "host/server.ts",
  "host/options.ts",
  "host/catalog/load.ts",
  "host/auth/credentials.ts",
  "codegen/run.ts",
  "conformance/check.ts",
  "conformance/registry.ts",
  "conformance/required-checks.ts",
  "conformance/run.ts",
  "conformance/harness/probe-corpus.ts",
  "conformance/runtime-abi/contract.ts",
  "conformance/runtime-abi/run.ts",
  "host/store/data-dir.ts",
  "host/lifecycle/quotas/quotas.ts",
  "host/listing/entry.ts",
  "provider-bridge/main.ts",
  "provider-bridge/install/",
] as const;

export const IMPORT_RULES: readonly ImportRule[] = [
  // The one-way pipeline: corpus <- codegen, host, provider-bridge; generated <- provider-bridge, examples.
  { folder: "corpus/", readme: "corpus/README.md", may: [] },
  { folder: "generated/", readme: "generated/README.md", may: ["corpus/lib/"] },
  { folder: "codegen/", readme: "codegen/README.md", may: ["corpus/lib/"] },
  { folder: "host/", readme: "host/README.md", may: ["corpus/lib/"] },
  { folder: "provider-bridge/", readme: "provider-bridge/README.md", may: ["corpus/lib/", "generated/", "launch/"] },
  // How processes start (bundles, stamps, code caches): used by provider-bridge and bin/takoform.mjs.
  { folder: "launch/", readme: "launch/README.md", may: [] },
  { folder: "conformance/", readme: "conformance/README.md", may: ["corpus/lib/"] },
  { folder: "examples/", readme: "examples/README.md", may: ["generated/", "corpus/lib/"] },
  { folder: "scripts/", readme: "scripts/README.md", may: ["examples/"] },
  { folder: "cli/", readme: "cli/README.md", may: PUBLIC },
  // Inside the host: the pure rules and the kind modules never reach back into the stages.
  { folder: "host/rules/", readme: "host/rules/README-rules.md", mayNot: ["host/lifecycle/", "host/kinds/", "host/http/"] },
  { folder: "host/kinds/", readme: "host/kinds/README.md", mayNot: ["host/lifecycle/", "host/http/"] },
  // Integration tests drive the parts through their public interfaces (and test support code).
  {
    folder: "test/e2e/",
    readme: "test/README.md",
    may: [...PUBLIC, "test/", "generated/", "examples/", "scripts/demo/", "provider-bridge/plugin/certificate.ts", "codegen/model/host-extensions.ts"],
  },
  { folder: "test/host/", readme: "test/README.md", may: [...PUBLIC, "test/"] },
  { folder: "test/conformance/", readme: "test/README.md", may: [...PUBLIC, "test/", "conformance/"] },
  // Unit and white-box reliability tests may import anything.
  { folder: "test/", readme: "test/README.md", may: [""] },
];

/** The rule whose folder is the longest prefix of `file` (undefined: no rule). */
export function governing(file: string): ImportRule | undefined {
  let best: ImportRule | undefined;
  for (const rule of IMPORT_RULES)
    if (file.startsWith(rule.folder) && rule.may !== undefined && (best === undefined || rule.folder.length > best.folder.length)) best = rule;
  return best;
}

/** Why `from` may not import `to`, or undefined when the rules allow it. */
export function violation(from: string, to: string): string | undefined {
  for (const rule of IMPORT_RULES) {
    if (!from.startsWith(rule.folder)) continue;
    const banned = rule.mayNot?.find((prefix) => to.startsWith(prefix));
    if (banned !== undefined) return `${rule.folder} must not import ${banned} (${rule.readme}, "May import:")`;
  }
  const rule = governing(from);
  if (rule === undefined || to.startsWith(rule.folder)) return undefined;
  if (rule.may!.some((prefix) => to.startsWith(prefix))) return undefined;
  return `${rule.folder} may import only ${rule.may!.length === 0 ? "itself" : rule.may!.join(", ")} (${rule.readme}, "May import:")`;
}
