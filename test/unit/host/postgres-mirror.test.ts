// The in-memory view a postgres replica keeps of a tenant (host/store/postgres-mirror.ts): changes
// applied out of order keep the newest, and a prefix's live count, kept once counted, always
// equals a fresh count of the same rows.

import { describe, expect, it } from "vitest";
import { TenantMirror, type ChangeRow } from "../../../host/store/postgres-mirror.js";

let seq = 0;
const change = (key: string, value: string | null, at = ++seq): ChangeRow => ({ key, value, version: value === null ? 0 : 1, seq: String(at) });

/** A mirror that never counted before, fed the same changes: what countLive must agree with. */
function fresh(changes: readonly ChangeRow[]): TenantMirror {
  const view = new TenantMirror();
  for (const c of changes) view.apply(c);
  return view;
}

describe("TenantMirror", () => {
  it("keeps the change with the highest sequence when changes arrive out of order", () => {
    const view = new TenantMirror();
    view.apply(change("r/t/a", '{"n":2}', 20));
    view.apply(change("r/t/a", '{"n":1}', 10));
    expect(view.row("r/t/a")?.value).toBe('{"n":2}');
    view.apply(change("r/t/a", null, 30));
    expect(view.row("r/t/a")?.value).toBeNull();
    expect(view.seq).toBe(30n);
  });

  it("a counted prefix's live count follows puts, deletes, re-creates and stale changes", () => {
    const view = new TenantMirror();
    const applied: ChangeRow[] = [];
    const apply = (c: ChangeRow) => {
      applied.push(c);
      view.apply(c);
    };
    for (let i = 0; i < 50; i++) apply(change(`r/t/${String(i).padStart(3, "0")}`, "{}"));
    apply(change("s/t/other", "{}"));
    expect(view.countLive("r/t/")).toBe(50);
    expect(view.countLive("r/t/00")).toBe(10);
    const steps: ChangeRow[] = [
      change("r/t/000", null), // delete
      change("r/t/000", null), // deleted again: no move
      change("r/t/001", "{}"), // update of a live key: no move
      change("r/t/000", "{}"), // re-created
      change("r/t/100", "{}"), // a new key
      change("r/t/002", null),
      change("r/t/002", "{}", 1), // older than what the view holds: ignored
      change("s/t/x", "{}"), // outside both prefixes
      change("r/t/003", null),
    ];
    for (const step of steps) {
      apply(step);
      for (const prefix of ["r/t/", "r/t/00", "s/t/"]) expect(view.countLive(prefix)).toBe(fresh(applied).countLive(prefix));
    }
    expect(view.countLive("r/t/")).toBe(49);
    expect(view.countLive("r/t/00")).toBe(8);
  });

  it("lists the keys of a range in order whatever order they arrived in, between and after earlier reads", () => {
    const view = new TenantMirror();
    const seen = new Set<string>();
    // a deterministic shuffle of 600 keys under three prefixes, some of them seen twice
    let x = 7;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 100; i++) {
        const key = `${["a", "b", "c"][next() % 3]}/t/${String(next() % 400).padStart(3, "0")}`;
        seen.add(key);
        view.apply(change(key, "{}"));
      }
      for (const prefix of ["a/t/", "b/t/0", "c/t/", ""]) {
        expect(view.keysWithin(prefix)).toEqual([...seen].filter((key) => key.startsWith(prefix)).sort());
      }
    }
  });
});
