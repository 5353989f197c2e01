// SQLite migration history: applying a MigrationBundle to a SQLiteDatabase proves the durable
// ledger an exact prefix of the ordered set and executes only the suffix; Ready means the ledger
// EQUALS the set. Black-box: a set whose applied entries are reordered, altered or absent is
// migration_required (409) storing nothing; a failing file rolls back alone (its earlier statement
// leaves no table behind) while earlier files stay in the ledger, and a retry resumes at that
// boundary; an application whose set the ledger has outgrown is no longer Ready; deleting an
// application leaves the database and its ledger; database and set are protected while an
// application lives; two concurrent applications serialize; and the prefix proof is repeated when
// an accepted 202 commits.

import { defineCheck } from "../check.js";
import {
  attemptCreate,
  attemptDelete,
  builder,
  expectAccepted,
  expectNothingStored,
  expectRefused,
  expectUnchanged,
  readyOf,
  referenceTo,
  type Attempt,
} from "../harness/aggregate/index.js";
import { expectStatus, fail, show } from "../harness/assert.js";
import { migrationBundle, pinnedMigrations, sqlFile, sqlName, upload, type FileInput } from "../harness/artifacts/index.js";
import { errorOf } from "../harness/http.js";
import type { Live } from "../harness/lifecycle.js";
import { acceptCreate, expectFailed, settleAfterMove } from "../harness/operations/index.js";

export default defineCheck(
  "a migration set applies only on an exact ledger prefix, executes the suffix file by file, and is Ready exactly when the ledger equals it",
  async (ctx) => {
    const b = builder(ctx);
    const p = ctx.primary;
    const setForm = ctx.form("SQLiteMigrationSet");
    const appForm = ctx.form("SQLiteMigrationApplication");
    const newSet = async (files: FileInput[], what: string): Promise<Live> =>
      b.create(setForm, "set", { manifestDigest: await upload(p, migrationBundle(files), what) });
    const appSpec = (db: Live, set: Live) => ({ database: referenceTo(db), migrationSet: referenceTo(set) });
    const attempt = (db: Live, set: Live, name = ctx.name("apply")): Promise<Attempt> => attemptCreate(p, appForm.ref, name, ctx.space, appSpec(db, set));
    // Ready=True/Available, or (reason given) Ready=False with that reason and a hostReason, as upstream.
    const readyWithin = async (live: Live, want: boolean, what: string, reason?: string): Promise<Live> => {
      const until = Date.now() + 15_000;
      for (;;) {
        const now = await p.fetch(live.ref, live.name, live.space);
        const ready = readyOf(now);
        if ((ready?.status === "True") === want) {
          if (want && ready?.reason !== "Available") fail(`${what}: expected Ready=True/Available, the application reports ${show(ready)}`);
          if (!want && reason !== undefined && (ready?.status !== "False" || ready.reason !== reason || !ready.hostReason))
            fail(`${what}: expected Ready=False/${reason} with a hostReason, the application reports ${show(ready)}`);
          if (!want && /one live/.test(ready?.hostReason ?? ""))
            fail(`${what}: the hostReason ${show(ready?.hostReason)} claims a one-live-application policy`);
          return now;
        }
        if (Date.now() > until) fail(`${what}: expected Ready${want ? "=True" : " not True"}, the application reports ${show(ready)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const applied = async (db: Live, set: Live, what: string): Promise<Live> =>
      readyWithin(b.track(expectAccepted(await attempt(db, set), 201, what)), true, what);
    const required = async (db: Live, set: Live, what: string): Promise<void> => {
      const name = ctx.name("apply");
      expectRefused(await attempt(db, set, name), "migration_required", what);
      await expectNothingStored(p, appForm.ref, name, ctx.space, what);
    };

    const [f1, f2, f3] = pinnedMigrations(ctx) as [FileInput, FileInput, FileInput];
    const [t4, half, t6] = [sqlName(ctx, "t4"), sqlName(ctx, "half"), sqlName(ctx, "t6")];
    const f4 = sqlFile("0004-extra.sql", `CREATE TABLE ${t4} (id INTEGER PRIMARY KEY);\n`);
    const f5bad = sqlFile("0005-half.sql", `CREATE TABLE ${half} (id INTEGER);\nCREATE TABLE broken_${half} (;\n`);
    const f5 = sqlFile("0005-half.sql", `CREATE TABLE ${half} (id INTEGER);\n`);
    const db = await b.plain("SQLiteDatabase");

    const s3 = await newSet([f1, f2, f3], "the pinned three-file set");
    const first = await applied(db, s3, "the pinned set on a fresh database");
    await required(db, await newSet([f2, f1, f3], "the pinned files reordered"), "the applied files in another order");
    await required(
      db,
      await newSet([sqlFile(f1.path, `${f1.bytes.toString("utf8")}-- altered\n`), f2, f3], "the first file altered"),
      "an applied file with another digest",
    );
    await required(db, await newSet([f1, f2], "the pinned set without its last file"), "a set missing an applied file");

    const failingName = ctx.name("apply");
    const failing = await attempt(db, await newSet([f1, f2, f3, f4, f5bad], "a set whose fifth file fails"), failingName);
    if (failing.res.status === 201) {
      await readyWithin(b.track(expectAccepted(failing, 201, "the set with a failing file")), false, "the application of a set whose fifth file fails");
    } else if (failing.res.status < 400 || errorOf(failing.res)?.code === "migration_required") {
      fail(
        `a set whose fifth file fails must fail that file (or store an application that is not Ready), got HTTP ${failing.res.status} ${errorOf(failing.res)?.code ?? ""}`,
      );
    } else {
      await expectNothingStored(p, appForm.ref, failingName, ctx.space, "the refused application of a set whose fifth file fails");
    }
    await required(
      db,
      await newSet([f1, f2, f3, sqlFile(f4.path, `CREATE TABLE other_${t4} (id INTEGER);\n`)], "the fourth file altered"),
      "a set contradicting the fourth file the failed run committed",
    );
    const repaired = await newSet([f1, f2, f3, f4, f5], "the set with the fifth file repaired");
    await applied(db, repaired, "the repaired set, resuming after the fourth file");
    await readyWithin(first, false, "the three-file application once the ledger outgrew its set", "Reconciling");

    expectStatus((await attemptDelete(p, await p.fetch(first.ref, first.name, first.space))).res, 204, "delete of the first application");
    await expectUnchanged(p, db, "the database after its first application was deleted");
    await required(
      db,
      await newSet([f2, f1, f3, f4, f5], "the repaired set reordered"),
      "a reordered set after the application was deleted (the ledger survived)",
    );
    await applied(
      db,
      await newSet([f1, f2, f3, f4, f5], "the repaired set again"),
      "the same set again after the application was deleted (nothing re-executed)",
    );
    expectRefused(await attemptDelete(p, await p.fetch(db.ref, db.name, db.space)), "dependency_in_use", "delete of the database while applications live");
    expectRefused(
      await attemptDelete(p, await p.fetch(repaired.ref, repaired.name, repaired.space)),
      "dependency_in_use",
      "delete of a migration set while an application lives",
    );

    const f6 = sqlFile("0006-more.sql", `CREATE TABLE ${t6} (id INTEGER);\n`);
    const f6other = sqlFile("0006-more.sql", `CREATE TABLE other_${t6} (id INTEGER);\n`);
    const late = await newSet([f1, f2, f3, f4, f5, f6], "a set adding a sixth file");
    const rival = await newSet([f1, f2, f3, f4, f5, f6other], "a set adding another sixth file");
    const lateName = ctx.name("apply");
    const settled = await settleAfterMove(
      await acceptCreate(p, appForm.ref, lateName, ctx.space, appSpec(db, late), "asynchronous application of the six-file set"),
      async () => {
        await applied(db, rival, "the rival sixth file applied before the commit");
      },
      "asynchronous application whose prefix changed before the commit",
    );
    expectFailed(settled.op, "migration_required", "asynchronous application whose prefix changed before the commit");
    await expectNothingStored(p, appForm.ref, lateName, ctx.space, "asynchronous application whose prefix changed before the commit");

    const db2 = await b.plain("SQLiteDatabase");
    const short = await newSet([f1, f2, f3], "the pinned set for the concurrent pair");
    const long = await newSet([f1, f2, f3, f4], "the pinned set plus a fourth file for the concurrent pair");
    const [a, c] = await Promise.all([attempt(db2, short), attempt(db2, long)]);
    const longLive = await readyWithin(
      b.track(expectAccepted(c, 201, "the longer of two concurrent applications")),
      true,
      "the longer of two concurrent applications",
    );
    if (a.res.status === 201) b.track(expectAccepted(a, 201, "the shorter concurrent application"));
    else expectRefused(a, "migration_required", "the shorter of two concurrent applications, serialized after the longer");
    await b.cleanup();
    return `the pinned set applied and was Ready; reordered, altered and shortened sets were migration_required; a failing fifth file kept the fourth in the ledger and left no half table, and the repaired set resumed; the outgrown application turned Ready=False/Reconciling; deleting it kept database and ledger; the prefix was re-proved at commit; concurrent applications serialized (${longLive.name} Ready, the shorter ${a.res.status === 201 ? "applied first" : "migration_required"})`;
  },
);
