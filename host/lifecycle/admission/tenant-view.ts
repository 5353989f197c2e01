// The RelationView the relation and Worker-aggregate rules read (host/rules/relations/view.ts),
// implemented over the store and scoped to ONE tenant: every key it reads is built from the
// request's TenantScope, so nothing another tenant holds is reachable through it (decision 0028).
// Reads are synchronous; the view is used while the tenant lock is held.

import type { ExactFormRef, FormDefinition } from "../../../corpus/lib/index.js";
import type { HostCatalog } from "../../catalog/host-catalog.js";
import type { Holder, InstalledBindingContract, RelationView, StoredTarget } from "../../rules/relations/view.js";
import type { KindBehaviour, KindRegistry, KindView } from "../../kinds/behaviour.js";
import { blobHoldKey, manifestKey, pinsPrefix, resourceKey, secretKey, tenantOfKey, uidKey, type ResourceAddress, type ScopedKey } from "../../store/keys.js";
import type { BlobFiles } from "../../files/blob-files.js";
import type { DatabaseFiles } from "../../files/database-files.js";
import type { ManifestRecord, PinRecord, ResourceRecord, UidRecord } from "../../store/records.js";
import type { TenantScope } from "../../store/scope.js";
import type { StoreReader } from "../../store/overlay.js";

export function storedTarget(record: ResourceRecord): StoredTarget {
  return {
    uid: record.uid,
    space: record.space,
    name: record.name,
    formRef: record.ref,
    spec: record.spec,
    status: { conditions: record.conditions },
    relations: record.relations ?? [],
  };
}

export function addressOf(record: ResourceRecord): ResourceAddress {
  return { space: record.space, apiVersion: record.ref.apiVersion, kind: record.ref.kind, name: record.name };
}

/** The tenant view of one request, with everything the rules may read through it. */
export function viewFor(ctx: ViewSources, scope: TenantScope): TenantView {
  return new TenantView(scope, ctx.store, ctx.catalog, ctx.kinds, ctx.blobs, ctx.databases);
}

export interface ViewSources {
  store: StoreReader;
  catalog: HostCatalog;
  kinds: KindRegistry;
  blobs: BlobFiles;
  databases: DatabaseFiles;
}

export class TenantView implements RelationView, KindView {
  constructor(
    readonly scope: TenantScope,
    private readonly store: StoreReader,
    private readonly catalog: HostCatalog,
    private readonly kinds: KindRegistry,
    private readonly blobs?: BlobFiles,
    private readonly databases?: DatabaseFiles,
  ) {}

  /** What the kind of a FormRef means beyond the generic Form rules (undefined: generic only). */
  kindOf(ref: { apiVersion: string; kind: string }): KindBehaviour | undefined {
    return this.kinds.of(ref);
  }

  /** The SQLite file of one of this tenant's database incarnations. */
  databasePath(uid: string): string | undefined {
    return this.databases?.pathOf(this.scope.tenant, uid);
  }

  /** The canonical text of a manifest this tenant committed, or undefined (absent OR another tenant's). */
  heldManifest(digest: string): string | undefined {
    return this.store.get<ManifestRecord>(manifestKey(this.scope, digest))?.value.canonical;
  }

  /** The bytes of a blob this tenant holds, or undefined (absent OR only another tenant's). */
  heldBlob(digest: string): Uint8Array | undefined {
    if (this.blobs === undefined || this.store.get(blobHoldKey(this.scope, digest)) === undefined) return undefined;
    return this.blobs.read(digest);
  }

  /** Whether this tenant holds a sensitive value for (space, worker, name); never the value. */
  holdsSecret(space: string, worker: string, name: string): boolean {
    return this.store.get(secretKey(this.scope, space, worker, name)) !== undefined;
  }

  record(address: ResourceAddress): ResourceRecord | undefined {
    return this.store.get<ResourceRecord>(resourceKey(this.scope, address))?.value;
  }

  recordByUid(uid: string): ResourceRecord | undefined {
    const index = this.store.get<UidRecord>(uidKey(this.scope, uid))?.value;
    if (index === undefined) return undefined;
    const record = this.record(index.address);
    return record?.uid === uid ? record : undefined;
  }

  resolve(space: string, apiVersion: string, kind: string, name: string): StoredTarget | undefined {
    const record = this.record({ space, apiVersion, kind, name });
    return record === undefined ? undefined : storedTarget(record);
  }

  byUid(uid: string): StoredTarget | undefined {
    const record = this.recordByUid(uid);
    return record === undefined ? undefined : storedTarget(record);
  }

  definitionOf(ref: ExactFormRef): FormDefinition | undefined {
    return this.catalog.exact(ref)?.installed.definition;
  }

  installedBinding(name: string, version: string): InstalledBindingContract | undefined {
    const installed = this.catalog.binding(name, version);
    return installed === undefined ? undefined : { ref: installed.ref, definition: installed.definition };
  }

  /** Live resources whose stored relations name this address (whatever uid they pinned). */
  pinnersOf(address: ResourceAddress): ResourceRecord[] {
    const out: ResourceRecord[] = [];
    for (const pin of this.store.list<PinRecord>(pinsPrefix(this.scope, address))) {
      const record = this.record(pin.value.holder);
      if (record !== undefined) out.push(record);
    }
    return out;
  }

  holdersOf(uid: string): readonly Holder[] {
    const target = this.recordByUid(uid);
    if (target === undefined) return [];
    const holders: Holder[] = [];
    for (const pinner of this.pinnersOf(addressOf(target))) {
      for (const record of pinner.relations ?? []) {
        if (record.targetUid !== uid) continue;
        holders.push({ uid: pinner.uid, space: pinner.space, name: pinner.name, formRef: pinner.ref, record });
      }
    }
    return holders;
  }

  /** The values of a kind-maintained index under a prefix built from this view's scope. */
  indexed<T>(prefix: ScopedKey): T[] {
    // The engine, not the kind module, keeps the read inside the tenant.
    if (tenantOfKey(prefix) !== this.scope.tenant) throw new Error("a kind index read outside the request's tenant");
    return this.store.list<T>(prefix).map((entry) => entry.value);
  }
}
