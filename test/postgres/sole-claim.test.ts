// The sole-replica claim (host/store/postgres-sole-claim.ts, ADR 0307): a store alone on its
// database stops refreshing before reads, and gives that up the moment another store registers,
// before that store can commit anything; a writer waits out a holder that vanished without letting
// go; a connection of an older build (no application_name) keeps every store from claiming.
//
// What a trusted store skips is observable: a row written straight into takoform_entries (no
// takoform writer does that) is seen by a store's refresh only while it does not trust its view.

import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { resourceKey } from "../../host/store/keys.js";
import { openPostgresStore, type PostgresStore } from "../../host/store/postgres.js";
import type { SoleClaimTiming } from "../../host/store/postgres-sole-claim.js";
import { authenticatedScope } from "../../host/store/scope.js";
import { eventually } from "../runtime/support.js";
import { freshDatabase, postgresServer } from "./database.js";

const server = await postgresServer();
const scope = authenticatedScope({ tenant: "tenant-a", principal: "alice" });
const key = (name: string) => resourceKey(scope, { space: "s", apiVersion: "edge.forms.takoform.com/v1beta1", kind: "ModuleWorker", name });
const timing: SoleClaimTiming = { claimEveryMs: 100, heartbeatMs: 50, trustMs: 300, waitMs: 1500, idleKillMs: 3000 };
const opened: PostgresStore[] = [];
afterAll(async () => {
  for (const store of opened) await store.close();
});

/** What each store's observer heard of its claim, by store. */
const changes = new Map<PostgresStore, boolean[]>();

async function open(url: string, soleClaim: SoleClaimTiming | false = timing): Promise<PostgresStore> {
  const heard: boolean[] = [];
  const store = await openPostgresStore(url, { soleClaim, observer: { soleClaim: (held) => heard.push(held) } });
  changes.set(store, heard);
  opened.push(store);
  return store;
}

/** A session named like a host, so that it does not count as an older build. */
async function session<T>(url: string, use: (client: pg.Client) => Promise<T>, applicationName = "takoform-test"): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Writes a row past every takoform writer, as the next change of tenant-a. */
const writeBehind = (url: string, name: string) =>
  session(url, (client) =>
    client.query("INSERT INTO takoform_entries (key, tenant, value, version, seq) VALUES ($1, 'tenant-a', '{\"n\":1}', 1, nextval('takoform_change_seq'))", [
      key(name),
    ]),
  );

const holder = (url: string) =>
  session(url, async (client) => (await client.query<{ holder: string | null }>("SELECT holder FROM takoform_sole_claim")).rows[0]!.holder);

/** A TCP front of the server whose traffic can be held (frozen) and let through again. */
async function frontOf(url: string): Promise<{ url: string; freeze(): void; thaw(): void; close(): Promise<void> }> {
  const target = new URL(url);
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => from.on("data", (chunk) => (frozen ? held.push(() => to.write(chunk)) : to.write(chunk)));
  const front = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      // a closed side is passed on like its bytes: held while frozen
      socket.on("close", () => (frozen ? held.push(() => (client.destroy(), upstream.destroy())) : (client.destroy(), upstream.destroy())));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  const fronted = new URL(url);
  fronted.host = `127.0.0.1:${(front.address() as net.AddressInfo).port}`;
  return {
    url: fronted.toString(),
    freeze: () => (frozen = true),
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => front.close(() => resolve()));
    },
  };
}

describe.skipIf(server === undefined)("PostgreSQL store: the sole-replica claim", () => {
  it("a store alone takes the claim, answers reads from its view and still writes; without the claim it refreshes", async () => {
    const url = await freshDatabase(server!);
    const lone = await open(url);
    const neverUrl = await freshDatabase(server!);
    const never = await open(neverUrl, false);
    await eventually(
      async () => lone.soleClaimTrusted(),
      (ok) => ok,
      "the claim",
      5000,
    );
    expect(await holder(url)).not.toBeNull();
    await writeBehind(url, "behind");
    await lone.refresh!("tenant-a");
    expect(lone.get(key("behind"))).toBeUndefined();
    // its own writes commit without the shared lock it would otherwise wait on
    await lone.transaction([{ op: "put", key: key("own"), value: 1, expectedVersion: null }]);
    expect(lone.get(key("own"))?.version).toBe(1);
    // a store that never claims sees a row written past it
    await new Promise((resolve) => setTimeout(resolve, 4 * timing.claimEveryMs));
    expect(never.soleClaimTrusted()).toBe(false);
    await writeBehind(neverUrl, "behind");
    await never.refresh!("tenant-a");
    expect(never.get(key("behind"))).toBeDefined();
  });

  it("a second store registering makes the holder let go before the second can commit; the first then sees its commits", async () => {
    const url = await freshDatabase(server!);
    const first = await open(url);
    await eventually(
      async () => first.soleClaimTrusted(),
      (ok) => ok,
      "the claim",
      5000,
    );
    const second = await open(url);
    // registered: the holder let go (its row cleared) before the second's open returned
    expect(first.soleClaimTrusted()).toBe(false);
    expect(await holder(url)).toBeNull();
    await second.transaction([{ op: "put", key: key("from-second"), value: 2, expectedVersion: null }]);
    await first.refresh!("tenant-a");
    expect(first.get(key("from-second"))).toEqual({ key: key("from-second"), value: 2, version: 1 });
    // the observer (the metric takoform_store_sole_claim) heard the claim taken and given up
    expect(changes.get(first)).toEqual([true, false]);
    // and neither claims while both live
    await new Promise((resolve) => setTimeout(resolve, 5 * timing.claimEveryMs));
    expect([first.soleClaimTrusted(), second.soleClaimTrusted()]).toEqual([false, false]);
    // once the second is gone, the first claims again and reads what the second wrote
    await second.close();
    await eventually(
      async () => first.soleClaimTrusted(),
      (ok) => ok,
      "the claim again",
      5000,
    );
    expect(first.get(key("from-second"))?.value).toBe(2);
  });

  it("a writer finding the claim of a holder that vanished waits it out before it commits, then clears it", async () => {
    const url = await freshDatabase(server!);
    const writer = await open(url, false);
    await session(url, (client) => client.query("UPDATE takoform_sole_claim SET holder = 'a-replica-that-vanished'"));
    const committed = writer.transaction([{ op: "put", key: key("after-wait"), value: 3, expectedVersion: null }]);
    await new Promise((resolve) => setTimeout(resolve, timing.waitMs / 2));
    const during = await session(url, async (client) => (await client.query("SELECT 1 FROM takoform_entries WHERE key = $1", [key("after-wait")])).rowCount);
    expect(during).toBe(0);
    await committed;
    expect(await holder(url)).toBeNull();
    expect(writer.get(key("after-wait"))?.value).toBe(3);
  });

  it("a connection of an older build (no application_name) keeps a store from claiming until it ends", async () => {
    const url = await freshDatabase(server!);
    const older = new pg.Client({ connectionString: url });
    await older.connect();
    const store = await open(url);
    try {
      await new Promise((resolve) => setTimeout(resolve, 6 * timing.claimEveryMs));
      expect(store.soleClaimTrusted()).toBe(false);
      expect(await holder(url)).toBeNull();
      await writeBehind(url, "seen");
      await store.refresh!("tenant-a");
      expect(store.get(key("seen"))).toBeDefined();
    } finally {
      await older.end();
    }
    await eventually(
      async () => store.soleClaimTrusted(),
      (ok) => ok,
      "the claim after the older connection ended",
      5000,
    );
  });

  it("a holder whose lease connection is ended stops answering from its view at once", async () => {
    const url = await freshDatabase(server!);
    const store = await open(url);
    await eventually(
      async () => store.soleClaimTrusted(),
      (ok) => ok,
      "the claim",
      5000,
    );
    await session(url, (client) =>
      client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ExclusiveLock' AND granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid = 5`,
      ),
    );
    await eventually(
      async () => !store.soleClaimTrusted(),
      (ok) => ok,
      "the claim to be dropped",
      1000,
    );
    await writeBehind(url, "after-loss");
    await store.refresh!("tenant-a");
    expect(store.get(key("after-loss"))).toBeDefined();
    // it registers again and, alone, claims again (waiting out its own row costs nothing)
    await eventually(
      async () => store.soleClaimTrusted(),
      (ok) => ok,
      "the claim again",
      5000,
    );
  });

  it("a write begun by a holder that lost its claim unnoticed is refused until the new holder lets go, so the new holder never misses it", async () => {
    const url = await freshDatabase(server!);
    const front = await frontOf(url);
    try {
      // The first holder reaches the database through the front; its lost lease is noticed late.
      const first = await open(front.url, { ...timing, claimEveryMs: 1000, idleKillMs: 10_000 });
      await eventually(
        async () => first.soleClaimTrusted(),
        (ok) => ok,
        "the first claim",
        5000,
      );
      front.freeze();
      await session(url, (client) =>
        client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ExclusiveLock' AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid = 5`,
        ),
      );
      // Another store claims: it waits out the first's row, passes its barrier, reads everything.
      const second = await open(url);
      await eventually(
        async () => second.soleClaimTrusted(),
        (ok) => ok,
        "the second claim",
        5000,
      );
      // The first still believes it holds the claim (its heartbeat is held in the front) and
      // begins a write as a holder; the front lets it through only now.
      const late = first.transaction([{ op: "put", key: key("late"), value: 7, expectedVersion: null }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      front.thaw();
      await late;
      await second.refresh!("tenant-a");
      expect(second.get(key("late"))?.value).toBe(7);
    } finally {
      await front.close();
    }
  });

  it("a new holder's barrier waits for a write the lost holder began before it lost the claim", async () => {
    const url = await freshDatabase(server!);
    // The first claims at its first tick (3 s) and does not look again before its next one.
    const first = await open(url, { ...timing, claimEveryMs: 3000 });
    await first.transaction([{ op: "put", key: key("slow"), value: 1, expectedVersion: null }]);
    await eventually(
      async () => first.soleClaimTrusted(),
      (ok) => ok,
      "the first claim",
      6000,
    );
    // Its next write as the holder waits on a row lock another session holds.
    const blocker = new pg.Client({ connectionString: url, application_name: "takoform-test" });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM takoform_entries WHERE key = $1 FOR UPDATE", [key("slow")]);
      const slow = first.transaction([{ op: "put", key: key("slow"), value: 2, expectedVersion: 1 }]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await session(url, (client) =>
        client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ExclusiveLock' AND granted
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND objid = 5`,
        ),
      );
      // A second store takes the claim over the first's row (a short wait of its own), but its
      // barrier holds it until the first's write has ended.
      const second = await open(url, { ...timing, waitMs: 200 });
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(second.soleClaimTrusted()).toBe(false);
      await blocker.query("COMMIT");
      await slow;
      await second.refresh!("tenant-a");
      expect(second.get(key("slow"))?.value).toBe(2);
    } finally {
      await blocker.end().catch(() => undefined);
    }
  });

  it("a store taking the claim over a vanished holder's row commits nothing of its own until it has waited that holder out", async () => {
    const url = await freshDatabase(server!);
    await (await open(url, false)).close();
    await session(url, (client) => client.query("UPDATE takoform_sole_claim SET holder = 'a-replica-that-vanished'"));
    const store = await open(url);
    // its first tick (100 ms) takes the lock and waits out the row (1.5 s); a write begun meanwhile
    // is refused by its guard and waits behind the claim
    await new Promise((resolve) => setTimeout(resolve, 3 * timing.claimEveryMs));
    const write = store.transaction([{ op: "put", key: key("during-claim"), value: 8, expectedVersion: null }]);
    await new Promise((resolve) => setTimeout(resolve, timing.waitMs / 3));
    const during = await session(url, async (client) => (await client.query("SELECT 1 FROM takoform_entries WHERE key = $1", [key("during-claim")])).rowCount);
    expect(during).toBe(0);
    await write;
    await eventually(
      async () => store.soleClaimTrusted(),
      (ok) => ok,
      "the claim",
      5000,
    );
    expect(await holder(url)).not.toBe("a-replica-that-vanished");
  });
});
