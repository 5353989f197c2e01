// The ledger must be an exact PREFIX of the referenced migration set: the i-th applied entry is the
// i-th file, same path and same digest, ordinals 1..n without gaps. An applied entry that is absent,
// moved, or has another digest is migration_required, and nothing may execute.

import { accept, refuse, type RuleOutcome } from "../rules/outcome.js";

export interface MigrationEntry {
  path: string;
  digest: string;
}

export function ledgerPrefix(ledger: readonly (MigrationEntry & { ordinal: number })[], files: readonly MigrationEntry[]): RuleOutcome<{ applied: number }> {
  if (ledger.length > files.length) {
    const extra = ledger[files.length]!;
    return refuse(
      "migration_required",
      `the database has applied ${ledger.length} migrations but the set lists ${files.length}; applied entry ${extra.ordinal} (${extra.path}) is not in it`,
    );
  }
  for (let i = 0; i < ledger.length; i++) {
    const row = ledger[i]!;
    const file = files[i]!;
    if (row.ordinal !== i + 1) {
      return refuse("migration_required", `the ledger has a gap: entry ${i + 1} is recorded as ordinal ${row.ordinal}`);
    }
    if (row.path !== file.path || row.digest !== file.digest) {
      const moved = files.findIndex((f) => f.path === row.path);
      const detail =
        row.path !== file.path
          ? moved === -1
            ? `applied ${row.path} is absent from the set`
            : `applied ${row.path} moved from position ${i + 1} to ${moved + 1}`
          : `applied ${row.path} had digest ${row.digest}; the set now has ${file.digest}`;
      return refuse("migration_required", `the ledger is not a prefix of the migration set at position ${i + 1}: ${detail}`);
    }
  }
  return accept({ applied: ledger.length });
}
