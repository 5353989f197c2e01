// SQLiteMigrationApplication (Host API v1beta1 "SQLite migration history"; ADR 0065). An
// application pins a database and a migration set; its commit executes the unapplied suffix of the
// set's bundle against the database's durable ledger -- each file and its ledger row in one SQLite
// transaction, serialized per database -- after proving the ledger is an exact prefix
// (migration_required otherwise, changing nothing). Only being ADMITTED (a 202) checks the prefix
// and executes nothing.
//
// Ready exactly when the ledger equals the ordered set. That ledger moves without this resource
// being mutated (a sibling application of the same database extends it), so the rendering reads
// state outside the store: read and observe re-render it, and a commit re-renders every
// application of the databases it pins.

import { HostError, refuse } from "../errors.js";
import { resolveManifestReference } from "../rules/artifacts/manifest-reference.js";
import type { RelationRecord } from "../rules/relations/view.js";
import { applyMigrations } from "../sqlite-migrations/migration-executor.js";
import type { MigrationFile } from "../sqlite-migrations/migration-files.js";
import { migrationReadiness } from "../sqlite-migrations/migration-readiness.js";
import type { ResourceRecord } from "../store/records.js";
import type { KindBehaviour, KindView } from "./behaviour.js";

export const DATABASE_RELATION = "/database";
export const MIGRATION_SET_RELATION = "/migrationSet";

interface MigrationPlan {
  dbPath: string;
  files: { path: string; digest: string }[];
}

/** The database file and the ordered set an application's relations name, or undefined when either is gone. */
function migrationPlan(view: KindView, relations: readonly RelationRecord[]): MigrationPlan | undefined {
  const database = relations.find((record) => record.relation === DATABASE_RELATION);
  const set = relations.find((record) => record.relation === MIGRATION_SET_RELATION);
  const setTarget = set === undefined ? undefined : view.byUid(set.targetUid);
  if (database === undefined || setTarget === undefined || view.byUid(database.targetUid) === undefined) return undefined;
  const digest = typeof setTarget.spec.manifestDigest === "string" ? setTarget.spec.manifestDigest : "";
  const resolved = resolveManifestReference({ formKind: setTarget.formRef.kind, referencedDigest: digest, held: view.heldManifest(digest) });
  if (!resolved.ok || resolved.manifest.kind === "WorkerBundle") return undefined;
  const dbPath = view.databasePath(database.targetUid);
  if (dbPath === undefined) return undefined;
  return { dbPath, files: resolved.manifest.files.map((file) => ({ path: file.name, digest: file.digest })) };
}

function isApplication(record: ResourceRecord, of: ResourceRecord): boolean {
  return record.ref.apiVersion === of.ref.apiVersion && record.ref.kind === of.ref.kind;
}

export const sqliteMigrationApplication: KindBehaviour = {
  async execute(view, relations, admitOnly) {
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
  },

  derivedReady(view, record) {
    const plan = migrationPlan(view, record.relations ?? []);
    if (plan === undefined) {
      return {
        type: "Ready",
        status: "False",
        reason: "DependencyMissing",
        hostReason: "migration set manifest or database unavailable",
        message: notYet("migration set manifest or database unavailable"),
      };
    }
    const readiness = migrationReadiness(plan.dbPath, plan.files);
    if (readiness.ready) return undefined;
    const hostReason = `ledger has ${readiness.applied} of ${readiness.total} migrations${readiness.prefix ? "" : " and is not a prefix of the set"}`;
    return { type: "Ready", status: "False", reason: "Reconciling", hostReason, message: notYet(hostReason) };
  },

  rendersOutsideStore: true,

  /** Every application of a database this one pins renders from the ledger this commit may have extended. */
  affected(view, record) {
    const out: ResourceRecord[] = [];
    for (const relation of record.relations ?? []) {
      if (relation.relation !== DATABASE_RELATION) continue;
      const database = { space: record.space, apiVersion: relation.targetApiVersion, kind: relation.targetKind, name: relation.targetName };
      for (const sibling of view.pinnersOf(database)) if (isApplication(sibling, record)) out.push(sibling);
    }
    return out;
  },
};

function notYet(hostReason: string): string {
  return `the migration ledger does not yet equal the set (${hostReason})`;
}
