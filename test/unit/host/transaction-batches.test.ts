import { describe, expect, it } from "vitest";
import { TransactionBatches, type BatchedTransaction } from "../../../host/store/transaction-batches.js";

/** An engine that records what each batch did: which tasks ran in it and whether it committed. */
function recorder(options: { failBegin?: boolean; failCommit?: boolean; holdCommit?: Promise<void> } = {}) {
  const log: string[] = [];
  let opened = 0;
  const engine: BatchedTransaction<number> = {
    async begin() {
      const id = ++opened;
      log.push(`begin ${id}`);
      if (options.failBegin) throw new Error("no connection");
      return id;
    },
    async run(id, task) {
      log.push(`run in ${id}`);
      return task();
    },
    async commit(id) {
      log.push(`commit ${id} asked`);
      await options.holdCommit;
      if (options.failCommit) throw new Error("commit refused");
      log.push(`commit ${id} done`);
    },
  };
  return { engine, log };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("transaction batches (ADR 0289)", () => {
  it("a task that comes as the one before decides joins its transaction; answers come after the commit", async () => {
    const batches = new TransactionBatches<number>(64);
    const { engine, log } = recorder();
    const answered: string[] = [];
    // the second is let in by the first's decided a few promise hops later, as the tenant lock does
    let second: Promise<string> | undefined;
    const first = batches.run(
      "t",
      engine,
      async () => "one",
      () => {
        log.push("one decided");
        void Promise.resolve()
          .then(() => undefined)
          .then(() => {
            second = batches.run(
              "t",
              engine,
              async () => "two",
              () => log.push("two decided"),
            );
            void second.then((v) => answered.push(v));
          });
      },
    );
    void first.then((v) => answered.push(v));
    expect(await first).toBe("one");
    expect(await second!).toBe("two");
    expect(log).toEqual(["begin 1", "run in 1", "one decided", "run in 1", "two decided", "commit 1 asked", "commit 1 done"]);
    expect(answered).toEqual(["one", "two"]);
  });

  it("a task that comes while the batch commits opens the next one; other keys never share a batch", async () => {
    const batches = new TransactionBatches<number>(64);
    let release!: () => void;
    const { engine, log } = recorder({ holdCommit: new Promise<void>((resolve) => (release = resolve)) });
    const first = batches.run("t", engine, async () => 1);
    const other = batches.run("u", engine, async () => 9);
    while (!log.includes("commit 1 asked") || !log.includes("commit 2 asked")) await turn();
    const late = batches.run("t", engine, async () => 2);
    while (!log.includes("begin 3")) await turn();
    release();
    expect(await Promise.all([first, other, late])).toEqual([1, 9, 2]);
    expect(log.filter((line) => line.startsWith("begin"))).toEqual(["begin 1", "begin 2", "begin 3"]);
  });

  it("a task that fails is answered with its error once the batch committed the others' writes and its own", async () => {
    const batches = new TransactionBatches<number>(64);
    const { engine, log } = recorder();
    const failing = batches.run("t", engine, async () => {
      throw new Error("refused by a rule");
    });
    const fine = batches.run("t", engine, async () => "ok");
    await expect(failing).rejects.toThrow("refused by a rule");
    expect(await fine).toBe("ok");
    expect(log.filter((line) => line.startsWith("commit"))).toEqual(["commit 1 asked", "commit 1 done"]);
  });

  it("a commit that fails fails every member, also those whose tasks succeeded; the next task starts afresh", async () => {
    const batches = new TransactionBatches<number>(64);
    const broken = recorder({ failCommit: true });
    const results = await Promise.allSettled([batches.run("t", broken.engine, async () => 1), batches.run("t", broken.engine, async () => 2)]);
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : r.value))).toEqual(["commit refused", "commit refused"]);
    const healthy = recorder();
    expect(await batches.run("t", healthy.engine, async () => 3)).toBe(3);
    expect(healthy.log[0]).toBe("begin 1");
  });

  it("a begin that fails fails every member without running a task", async () => {
    const batches = new TransactionBatches<number>(64);
    const { engine, log } = recorder({ failBegin: true });
    let ran = 0;
    const task = async () => ran++;
    const results = await Promise.allSettled([batches.run("t", engine, task), batches.run("t", engine, task)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(ran).toBe(0);
    expect(log).toEqual(["begin 1"]);
  });

  it("at most maxMembers tasks share a batch", async () => {
    const batches = new TransactionBatches<number>(3);
    const { engine, log } = recorder();
    await Promise.all(Array.from({ length: 7 }, (_, i) => batches.run("t", engine, async () => i)));
    expect(log.filter((line) => line.startsWith("begin"))).toEqual(["begin 1", "begin 2", "begin 3"]);
    expect(log.filter((line) => line === "run in 1")).toHaveLength(3);
    expect(log.filter((line) => line === "run in 3")).toHaveLength(1);
  });
});
