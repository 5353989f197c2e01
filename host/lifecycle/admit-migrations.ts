// SQLite migration history (Host API v1beta1; ADR 0065). A SQLiteMigrationApplication pins a
// SQLiteDatabase and a SQLiteMigrationSet; applying it executes the unapplied suffix of the set's
// MigrationBundle against the database's durable ledger -- each file and its ledger row in one
// SQLite transaction, serialized per database -- after proving the ledger is an exact prefix
// (migration_required otherwise, changing nothing). An application only being ADMITTED (a 202)
// checks the prefix and executes nothing; the commit executes.
//
// Readiness: Ready exactly when the ledger equals the ordered set (rendered in rendering.ts).

import { HostError, refuse } from "../errors.js";
import { applyMigrations } from "../sqlite/migration-executor.js";
import type { MigrationFile } from "../sqlite/migration-files.js";
import { migrationReadiness } from "../sqlite/migration-readiness.js";
import type { HostForm } from "../catalog/host-form.js";
import { resolveManifestReference } from "../rules/artifacts/manifest-reference.js";
import type { RelationRecord } from "../rules/relations/view.js";
import { EDGE_GROUP } from "../rules/worker-aggregate/aggregate.js";
import type { ResourceRecord } from "../store/records.js";
import type { TenantView } from "./tenant-view.js";

export const DATABASE_RELATION = "/database";
export const MIGRATION_SET_RELATION = "/migrationSet";

export interface MigrationPlan {
  dbPath: string;
  files: { path: string; digest: string }[];
}

/** The database file and the ordered set an application's relations name, or undefined when either is gone. */
export function migrationPlan(view: TenantView, relations: readonly RelationRecord[]): MigrationPlan | undefined {
  const database = relations.find((record) => record.relation === DATABASE_RELATION);
  const set = relations.find((record) => record.relation === MIGRATION_SET_RELATION);
  const setTarget = set === undefined ? undefined : view.byUid(set.targetUid);
  if (database === undefined || setTarget === undefined || view.byUid(database.targetUid) === undefined) return undefined;
  const digest = typeof setTarget.spec.manifestDigest === "string" ? setTarget.spec.manifestDigest : "";
  const resolved = resolveManifestReference({ formKind: "SQLiteMigrationSet", referencedDigest: digest, held: view.heldManifest(digest) });
  if (!resolved.ok || resolved.manifest.kind === "WorkerBundle") return undefined;
  const dbPath = view.databasePath(database.targetUid);
  if (dbPath === undefined) return undefined;
  return { dbPath, files: resolved.manifest.files.map((file) => ({ path: file.name, digest: file.digest })) };
}

export function isMigrationApplication(form: HostForm | ResourceRecord["ref"]): boolean {
  const ref = "ref" in form ? form.ref : form;
  return ref.apiVersion === EDGE_GROUP && ref.kind === "SQLiteMigrationApplication";
}

/** Executes (or, when only admitting, proves executable) the unapplied suffix of the set. */
export async function admitMigrations(view: TenantView, form: HostForm, relations: readonly RelationRecord[], admitOnly: boolean): Promise<void> {
  if (!isMigrationApplication(form)) return;
  const plan = migrationPlan(view, relations);
  if (plan === undefined) throw refuse.artifact_missing("the migration set's manifest or the database is not available to this tenant");
  const readiness = migrationReadiness(plan.dbPath, plan.files);
  if (!readiness.prefix) {
    throw refuse.migration_required("the database's migration ledger is not a prefix of the set: an applied migration is absent, moved or changed");
  }
  if (admitOnly) return;
  const files: MigrationFile[] = [];
  for (const file of plan.files) {
    const bytes = view.heldBlob(file.digest);
    if (bytes === undefined) throw refuse.artifact_missing(`the blob of migration ${file.path} is not available to this tenant`);
    files.push({ path: file.path, digest: file.digest, sql: bytes });
  }
  const outcome = await applyMigrations(plan.dbPath, files);
  if (!outcome.ok) throw new HostError(outcome.code, outcome.message, outcome.hostCode === undefined ? {} : { hostCode: outcome.hostCode });
}

/** Ready exactly when the ledger equals the set; otherwise a Reconciling (or DependencyMissing) reason. */
export function migrationReadinessCondition(
  view: TenantView,
  record: ResourceRecord,
): { status: "False"; reason: "Reconciling" | "DependencyMissing"; hostReason: string } | undefined {
  if (!isMigrationApplication(record.ref)) return undefined;
  const plan = migrationPlan(view, record.relations ?? []);
  if (plan === undefined) return { status: "False", reason: "DependencyMissing", hostReason: "migration set manifest or database unavailable" };
  const readiness = migrationReadiness(plan.dbPath, plan.files);
  if (readiness.ready) return undefined;
  return {
    status: "False",
    reason: "Reconciling",
    hostReason: `ledger has ${readiness.applied} of ${readiness.total} migrations${readiness.prefix ? "" : " and is not a prefix of the set"}`,
  };
}
