// generated/docs/resources/worker_version.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';
import { referenceName } from '../reference.js';
import type { AtLeastOnceQueue } from '../at-least-once-queue/index.js';
import type { EdgeKvNamespace } from '../edge-kv-namespace/index.js';
import type { ModuleWorker } from '../module-worker/index.js';
import type { ObjectBucket } from '../object-bucket/index.js';
import type { SqliteDatabase } from '../sqlite-database/index.js';
import type { StaticAssetBundle } from '../static-asset-bundle/index.js';
import type { WorkerBundle } from '../worker-bundle/index.js';

// Configuration

export interface WorkerVersionConfig extends cdktf.TerraformMetaArguments {
  /**
  * Static files served with this version. When absent the host does no asset lookup at all. When present all three members are required.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#assets}
  */
  readonly assets?: WorkerVersionAssets;
  /**
  * Object buckets projected as edge.objects objects. Each entry is governed by the module-worker.object-bucket Binding Definition and appears in the module environment under its name. An absent list means no binding of this type.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#bucket_bindings}
  */
  readonly bucketBindings?: WorkerVersionBucketBindings[] | cdktf.IResolvable;
  /**
  * The Worker Bundle whose modules this version runs. The host reads the bundle's manifestDigest to learn the module bytes, which is why the exact bundle Form is pinned. Holds the name of the referenced WorkerBundle (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#bundle}
  *
  * Accepts the WorkerBundle construct as well as its name; a construct is written as a reference to its name.
  */
  readonly bundle: string | WorkerBundle;
  /**
  * Handlers the bundle's main module exports and this version serves, drawn from the vocabulary of worker.runtime@1.0.0. A handler outside that vocabulary, or one the main module does not export, is refused before any mutation. Attachments are admitted only against the handlers the active deployment's versions declare.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#handlers}
  */
  readonly handlers: ('fetch' | 'scheduled' | 'queue')[];
  /**
  * Key/value namespaces projected as edge.kv objects. Each entry is governed by the module-worker.edge-kv Binding Definition and appears in the module environment under its name. An absent list means no binding of this type.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#kv_bindings}
  */
  readonly kvBindings?: WorkerVersionKvBindings[] | cdktf.IResolvable;
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * Queues this version may send to (send and sendBatch only). Each entry is governed by the module-worker.queue-producer Binding Definition and appears in the module environment under its name. An absent list means no binding of this type.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#queue_producer_bindings}
  */
  readonly queueProducerBindings?: WorkerVersionQueueProducerBindings[] | cdktf.IResolvable;
  /**
  * Names of secret values the host supplies on env through its own sealed channel. Only the names are desired state; values never are. An absent member requires no secret.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#required_sensitive_vars}
  */
  readonly requiredSensitiveVars?: string[];
  /**
  * Other Module Workers this version may call with fetch, without any network address. Each entry is governed by the module-worker.service Binding Definition and appears in the module environment under its name. An absent list means no binding of this type.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#service_bindings}
  */
  readonly serviceBindings?: WorkerVersionServiceBindings[] | cdktf.IResolvable;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#space}
  */
  readonly space?: string;
  /**
  * SQLite databases projected as edge.sql objects. Each entry is governed by the module-worker.sqlite Binding Definition and appears in the module environment under its name. An absent list means no binding of this type.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#sqlite_bindings}
  */
  readonly sqliteBindings?: WorkerVersionSqliteBindings[] | cdktf.IResolvable;
  /**
  * Non-secret configuration placed on env under each key. Values are JSON, at most eight levels deep. An absent member places no variable.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#vars}
  */
  readonly vars?: { [key: string]: any };
  /**
  * The Module Worker this version belongs to. The version only needs what the runtime contract fixes, so any Form providing worker.runtime@1.0.0 satisfies it. Holds the name of the referenced ModuleWorker (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#worker}
  *
  * Accepts the ModuleWorker construct as well as its name; a construct is written as a reference to its name.
  */
  readonly worker: string | ModuleWorker;
}
export interface WorkerVersionAssets {
  /**
  * The Static Asset Bundle to serve. The host reads its manifest (for index.html under single_page_application), so the exact Form is pinned. Holds the name of the referenced StaticAssetBundle (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#bundle}
  *
  * Accepts the StaticAssetBundle construct as well as its name; a construct is written as a reference to its name.
  */
  readonly bundle: string | StaticAssetBundle;
  /**
  * What a valid path missing from the bundle does: none keeps it a miss; single_page_application answers with index.html, which the bundle must then contain. Invalid paths never fall back.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#not_found_handling}
  */
  readonly notFoundHandling: 'none' | 'single_page_application';
  /**
  * false: look the path up in the assets first and call fetch only on a miss. true: call fetch first and look the path up only when the worker answers 404; an asset hit then wins, and a miss keeps the worker's 404.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#run_worker_first}
  */
  readonly runWorkerFirst: boolean | cdktf.IResolvable;
}

export function workerVersionAssetsToTerraform(struct?: WorkerVersionAssets | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    bundle: cdktf.stringToTerraform(referenceName(struct!.bundle)),
    not_found_handling: cdktf.stringToTerraform(struct!.notFoundHandling),
    run_worker_first: cdktf.booleanToTerraform(struct!.runWorkerFirst),
  }
}


export function workerVersionAssetsToHclTerraform(struct?: WorkerVersionAssets | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    bundle: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.bundle)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    not_found_handling: {
      value: cdktf.stringToHclTerraform(struct!.notFoundHandling),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    run_worker_first: {
      value: cdktf.booleanToHclTerraform(struct!.runWorkerFirst),
      isBlock: false,
      type: "simple",
      storageClassType: "boolean",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionAssetsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): WorkerVersionAssets | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._bundle !== undefined) {
      hasAnyValues = true;
      internalValueResult.bundle = this._bundle;
    }
    if (this._notFoundHandling !== undefined) {
      hasAnyValues = true;
      internalValueResult.notFoundHandling = this._notFoundHandling;
    }
    if (this._runWorkerFirst !== undefined) {
      hasAnyValues = true;
      internalValueResult.runWorkerFirst = this._runWorkerFirst;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionAssets | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._bundle = undefined;
      this._notFoundHandling = undefined;
      this._runWorkerFirst = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._bundle = referenceName(value.bundle);
      this._notFoundHandling = value.notFoundHandling;
      this._runWorkerFirst = value.runWorkerFirst;
    }
  }

  // bundle - computed: false, optional: false, required: true
  private _bundle?: string; 
  public get bundle(): string {
    return this.getStringAttribute('bundle');
  }
  public set bundle(value: string | StaticAssetBundle) {
    this._bundle = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get bundleInput() {
    return this._bundle;
  }

  // not_found_handling - computed: false, optional: false, required: true
  private _notFoundHandling?: string; 
  public get notFoundHandling() {
    return this.getStringAttribute('not_found_handling');
  }
  public set notFoundHandling(value: string) {
    this._notFoundHandling = value;
  }
  // Temporarily expose input value. Use with caution.
  public get notFoundHandlingInput() {
    return this._notFoundHandling;
  }

  // run_worker_first - computed: false, optional: false, required: true
  private _runWorkerFirst?: boolean | cdktf.IResolvable; 
  public get runWorkerFirst() {
    return this.getBooleanAttribute('run_worker_first');
  }
  public set runWorkerFirst(value: boolean | cdktf.IResolvable) {
    this._runWorkerFirst = value;
  }
  // Temporarily expose input value. Use with caution.
  public get runWorkerFirstInput() {
    return this._runWorkerFirst;
  }
}
export interface WorkerVersionBucketBindings {
  /**
  * JavaScript identifier under which the binding appears on env. It shares one namespace with vars keys, requiredSensitiveVars entries and every other binding name of the version.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * ObjectBucket the binding targets. Holds the name of the referenced ObjectBucket (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#resource}
  *
  * Accepts the ObjectBucket construct as well as its name; a construct is written as a reference to its name.
  */
  readonly resource: string | ObjectBucket;
}

export function workerVersionBucketBindingsToTerraform(struct?: WorkerVersionBucketBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    resource: cdktf.stringToTerraform(referenceName(struct!.resource)),
  }
}


export function workerVersionBucketBindingsToHclTerraform(struct?: WorkerVersionBucketBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    resource: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.resource)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionBucketBindingsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): WorkerVersionBucketBindings | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._resource !== undefined) {
      hasAnyValues = true;
      internalValueResult.resource = this._resource;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionBucketBindings | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._resource = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._resource = referenceName(value.resource);
    }
  }

  // name - computed: true, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // resource - computed: true, optional: false, required: true
  private _resource?: string; 
  public get resource(): string {
    return this.getStringAttribute('resource');
  }
  public set resource(value: string | ObjectBucket) {
    this._resource = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get resourceInput() {
    return this._resource;
  }
}

export class WorkerVersionBucketBindingsList extends cdktf.ComplexList {
  public internalValue? : WorkerVersionBucketBindings[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): WorkerVersionBucketBindingsOutputReference {
    return new WorkerVersionBucketBindingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface WorkerVersionKvBindings {
  /**
  * JavaScript identifier under which the binding appears on env. It shares one namespace with vars keys, requiredSensitiveVars entries and every other binding name of the version.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * EdgeKVNamespace the binding targets. Holds the name of the referenced EdgeKVNamespace (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#resource}
  *
  * Accepts the EdgeKvNamespace construct as well as its name; a construct is written as a reference to its name.
  */
  readonly resource: string | EdgeKvNamespace;
}

export function workerVersionKvBindingsToTerraform(struct?: WorkerVersionKvBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    resource: cdktf.stringToTerraform(referenceName(struct!.resource)),
  }
}


export function workerVersionKvBindingsToHclTerraform(struct?: WorkerVersionKvBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    resource: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.resource)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionKvBindingsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): WorkerVersionKvBindings | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._resource !== undefined) {
      hasAnyValues = true;
      internalValueResult.resource = this._resource;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionKvBindings | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._resource = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._resource = referenceName(value.resource);
    }
  }

  // name - computed: true, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // resource - computed: true, optional: false, required: true
  private _resource?: string; 
  public get resource(): string {
    return this.getStringAttribute('resource');
  }
  public set resource(value: string | EdgeKvNamespace) {
    this._resource = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get resourceInput() {
    return this._resource;
  }
}

export class WorkerVersionKvBindingsList extends cdktf.ComplexList {
  public internalValue? : WorkerVersionKvBindings[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): WorkerVersionKvBindingsOutputReference {
    return new WorkerVersionKvBindingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface WorkerVersionQueueProducerBindings {
  /**
  * JavaScript identifier under which the binding appears on env. It shares one namespace with vars keys, requiredSensitiveVars entries and every other binding name of the version.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * AtLeastOnceQueue the binding targets. Holds the name of the referenced AtLeastOnceQueue (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#resource}
  *
  * Accepts the AtLeastOnceQueue construct as well as its name; a construct is written as a reference to its name.
  */
  readonly resource: string | AtLeastOnceQueue;
}

export function workerVersionQueueProducerBindingsToTerraform(struct?: WorkerVersionQueueProducerBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    resource: cdktf.stringToTerraform(referenceName(struct!.resource)),
  }
}


export function workerVersionQueueProducerBindingsToHclTerraform(struct?: WorkerVersionQueueProducerBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    resource: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.resource)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionQueueProducerBindingsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): WorkerVersionQueueProducerBindings | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._resource !== undefined) {
      hasAnyValues = true;
      internalValueResult.resource = this._resource;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionQueueProducerBindings | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._resource = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._resource = referenceName(value.resource);
    }
  }

  // name - computed: true, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // resource - computed: true, optional: false, required: true
  private _resource?: string; 
  public get resource(): string {
    return this.getStringAttribute('resource');
  }
  public set resource(value: string | AtLeastOnceQueue) {
    this._resource = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get resourceInput() {
    return this._resource;
  }
}

export class WorkerVersionQueueProducerBindingsList extends cdktf.ComplexList {
  public internalValue? : WorkerVersionQueueProducerBindings[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): WorkerVersionQueueProducerBindingsOutputReference {
    return new WorkerVersionQueueProducerBindingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface WorkerVersionServiceBindings {
  /**
  * JavaScript identifier under which the binding appears on env. It shares one namespace with vars keys, requiredSensitiveVars entries and every other binding name of the version.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * ModuleWorker the binding targets. Holds the name of the referenced ModuleWorker (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#resource}
  *
  * Accepts the ModuleWorker construct as well as its name; a construct is written as a reference to its name.
  */
  readonly resource: string | ModuleWorker;
}

export function workerVersionServiceBindingsToTerraform(struct?: WorkerVersionServiceBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    resource: cdktf.stringToTerraform(referenceName(struct!.resource)),
  }
}


export function workerVersionServiceBindingsToHclTerraform(struct?: WorkerVersionServiceBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    resource: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.resource)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionServiceBindingsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): WorkerVersionServiceBindings | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._resource !== undefined) {
      hasAnyValues = true;
      internalValueResult.resource = this._resource;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionServiceBindings | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._resource = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._resource = referenceName(value.resource);
    }
  }

  // name - computed: true, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // resource - computed: true, optional: false, required: true
  private _resource?: string; 
  public get resource(): string {
    return this.getStringAttribute('resource');
  }
  public set resource(value: string | ModuleWorker) {
    this._resource = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get resourceInput() {
    return this._resource;
  }
}

export class WorkerVersionServiceBindingsList extends cdktf.ComplexList {
  public internalValue? : WorkerVersionServiceBindings[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): WorkerVersionServiceBindingsOutputReference {
    return new WorkerVersionServiceBindingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface WorkerVersionSqliteBindings {
  /**
  * JavaScript identifier under which the binding appears on env. It shares one namespace with vars keys, requiredSensitiveVars entries and every other binding name of the version.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#name}
  */
  readonly name: string;
  /**
  * SQLiteDatabase the binding targets. Holds the name of the referenced SQLiteDatabase (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_version.md WorkerVersion#resource}
  *
  * Accepts the SqliteDatabase construct as well as its name; a construct is written as a reference to its name.
  */
  readonly resource: string | SqliteDatabase;
}

export function workerVersionSqliteBindingsToTerraform(struct?: WorkerVersionSqliteBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    name: cdktf.stringToTerraform(struct!.name),
    resource: cdktf.stringToTerraform(referenceName(struct!.resource)),
  }
}


export function workerVersionSqliteBindingsToHclTerraform(struct?: WorkerVersionSqliteBindings | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    name: {
      value: cdktf.stringToHclTerraform(struct!.name),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
    resource: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.resource)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerVersionSqliteBindingsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;
  private resolvableValue?: cdktf.IResolvable;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): WorkerVersionSqliteBindings | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._name !== undefined) {
      hasAnyValues = true;
      internalValueResult.name = this._name;
    }
    if (this._resource !== undefined) {
      hasAnyValues = true;
      internalValueResult.resource = this._resource;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerVersionSqliteBindings | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._name = undefined;
      this._resource = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._name = value.name;
      this._resource = referenceName(value.resource);
    }
  }

  // name - computed: true, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // resource - computed: true, optional: false, required: true
  private _resource?: string; 
  public get resource(): string {
    return this.getStringAttribute('resource');
  }
  public set resource(value: string | SqliteDatabase) {
    this._resource = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get resourceInput() {
    return this._resource;
  }
}

export class WorkerVersionSqliteBindingsList extends cdktf.ComplexList {
  public internalValue? : WorkerVersionSqliteBindings[] | cdktf.IResolvable

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param wrapsSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  constructor(protected override terraformResource: cdktf.IInterpolatingParent, protected override terraformAttribute: string, protected override wrapsSet: boolean) {
    super(terraformResource, terraformAttribute, wrapsSet)
  }

  /**
  * @param index the index of the item to return
  */
  public get(index: number): WorkerVersionSqliteBindingsOutputReference {
    return new WorkerVersionSqliteBindingsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link generated/docs/resources/worker_version.md takoform_worker_version}
*/
export class WorkerVersion extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_worker_version";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a WorkerVersion resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the WorkerVersion to import
  * @param importFromId The id of the existing WorkerVersion that should be imported. Refer to the {@link generated/docs/resources/worker_version.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the WorkerVersion to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_worker_version", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/worker_version.md takoform_worker_version} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options WorkerVersionConfig
  */
  public constructor(scope: Construct, id: string, config: WorkerVersionConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_worker_version',
      terraformGeneratorMetadata: {
        providerName: 'takoform'
      },
      provider: config.provider,
      dependsOn: config.dependsOn,
      count: config.count,
      lifecycle: config.lifecycle,
      provisioners: config.provisioners,
      connection: config.connection,
      forEach: config.forEach
    });
    this._assets.internalValue = config.assets;
    this._bucketBindings.internalValue = config.bucketBindings;
    this._bundle = referenceName(config.bundle);
    this._handlers = config.handlers;
    this._kvBindings.internalValue = config.kvBindings;
    this._name = config.name;
    this._queueProducerBindings.internalValue = config.queueProducerBindings;
    this._requiredSensitiveVars = config.requiredSensitiveVars;
    this._serviceBindings.internalValue = config.serviceBindings;
    this._space = config.space;
    this._sqliteBindings.internalValue = config.sqliteBindings;
    this._vars = config.vars;
    this._worker = referenceName(config.worker);
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // assets - computed: false, optional: true, required: false
  private _assets = new WorkerVersionAssetsOutputReference(this, "assets");
  public get assets() {
    return this._assets;
  }
  public putAssets(value: WorkerVersionAssets) {
    this._assets.internalValue = value;
  }
  public resetAssets() {
    this._assets.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get assetsInput() {
    return this._assets.internalValue;
  }

  // bucket_bindings - computed: true, optional: true, required: false
  private _bucketBindings = new WorkerVersionBucketBindingsList(this, "bucket_bindings", true);
  public get bucketBindings() {
    return this._bucketBindings;
  }
  public putBucketBindings(value: WorkerVersionBucketBindings[] | cdktf.IResolvable) {
    this._bucketBindings.internalValue = value;
  }
  public resetBucketBindings() {
    this._bucketBindings.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get bucketBindingsInput() {
    return this._bucketBindings.internalValue;
  }

  // bundle - computed: false, optional: false, required: true
  private _bundle?: string; 
  public get bundle(): string {
    return this.getStringAttribute('bundle');
  }
  public set bundle(value: string | WorkerBundle) {
    this._bundle = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get bundleInput() {
    return this._bundle;
  }

  // handlers - computed: false, optional: false, required: true
  private _handlers?: string[]; 
  public get handlers() {
    return cdktf.Fn.tolist(this.getListAttribute('handlers'));
  }
  public set handlers(value: string[]) {
    this._handlers = value;
  }
  // Temporarily expose input value. Use with caution.
  public get handlersInput() {
    return this._handlers;
  }

  // kv_bindings - computed: true, optional: true, required: false
  private _kvBindings = new WorkerVersionKvBindingsList(this, "kv_bindings", true);
  public get kvBindings() {
    return this._kvBindings;
  }
  public putKvBindings(value: WorkerVersionKvBindings[] | cdktf.IResolvable) {
    this._kvBindings.internalValue = value;
  }
  public resetKvBindings() {
    this._kvBindings.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get kvBindingsInput() {
    return this._kvBindings.internalValue;
  }

  // name - computed: false, optional: false, required: true
  private _name?: string; 
  public get name() {
    return this.getStringAttribute('name');
  }
  public set name(value: string) {
    this._name = value;
  }
  // Temporarily expose input value. Use with caution.
  public get nameInput() {
    return this._name;
  }

  // outputs_json - computed: true, optional: false, required: false
  public get outputsJson() {
    return this.getStringAttribute('outputs_json');
  }

  // pending_operation_id - computed: true, optional: false, required: false
  public get pendingOperationId() {
    return this.getStringAttribute('pending_operation_id');
  }

  // queue_producer_bindings - computed: true, optional: true, required: false
  private _queueProducerBindings = new WorkerVersionQueueProducerBindingsList(this, "queue_producer_bindings", true);
  public get queueProducerBindings() {
    return this._queueProducerBindings;
  }
  public putQueueProducerBindings(value: WorkerVersionQueueProducerBindings[] | cdktf.IResolvable) {
    this._queueProducerBindings.internalValue = value;
  }
  public resetQueueProducerBindings() {
    this._queueProducerBindings.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get queueProducerBindingsInput() {
    return this._queueProducerBindings.internalValue;
  }

  // ready - computed: true, optional: false, required: false
  public get ready() {
    return this.getBooleanAttribute('ready');
  }

  // required_sensitive_vars - computed: true, optional: true, required: false
  private _requiredSensitiveVars?: string[]; 
  public get requiredSensitiveVars() {
    return cdktf.Fn.tolist(this.getListAttribute('required_sensitive_vars'));
  }
  public set requiredSensitiveVars(value: string[]) {
    this._requiredSensitiveVars = value;
  }
  public resetRequiredSensitiveVars() {
    this._requiredSensitiveVars = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get requiredSensitiveVarsInput() {
    return this._requiredSensitiveVars;
  }

  // service_bindings - computed: true, optional: true, required: false
  private _serviceBindings = new WorkerVersionServiceBindingsList(this, "service_bindings", true);
  public get serviceBindings() {
    return this._serviceBindings;
  }
  public putServiceBindings(value: WorkerVersionServiceBindings[] | cdktf.IResolvable) {
    this._serviceBindings.internalValue = value;
  }
  public resetServiceBindings() {
    this._serviceBindings.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get serviceBindingsInput() {
    return this._serviceBindings.internalValue;
  }

  // space - computed: true, optional: true, required: false
  private _space?: string; 
  public get space() {
    return this.getStringAttribute('space');
  }
  public set space(value: string) {
    this._space = value;
  }
  public resetSpace() {
    this._space = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get spaceInput() {
    return this._space;
  }

  // sqlite_bindings - computed: true, optional: true, required: false
  private _sqliteBindings = new WorkerVersionSqliteBindingsList(this, "sqlite_bindings", true);
  public get sqliteBindings() {
    return this._sqliteBindings;
  }
  public putSqliteBindings(value: WorkerVersionSqliteBindings[] | cdktf.IResolvable) {
    this._sqliteBindings.internalValue = value;
  }
  public resetSqliteBindings() {
    this._sqliteBindings.internalValue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sqliteBindingsInput() {
    return this._sqliteBindings.internalValue;
  }

  // status_json - computed: true, optional: false, required: false
  public get statusJson() {
    return this.getStringAttribute('status_json');
  }

  // uid - computed: true, optional: false, required: false
  public get uid() {
    return this.getStringAttribute('uid');
  }

  // vars - computed: true, optional: true, required: false
  private _vars?: { [key: string]: any }; 
  public get vars() {
    return this.getAnyMapAttribute('vars');
  }
  public set vars(value: { [key: string]: any }) {
    this._vars = value;
  }
  public resetVars() {
    this._vars = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get varsInput() {
    return this._vars;
  }

  // worker - computed: false, optional: false, required: true
  private _worker?: string; 
  public get worker(): string {
    return this.getStringAttribute('worker');
  }
  public set worker(value: string | ModuleWorker) {
    this._worker = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get workerInput() {
    return this._worker;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      assets: workerVersionAssetsToTerraform(this._assets.internalValue),
      bucket_bindings: cdktf.listMapper(workerVersionBucketBindingsToTerraform, false)(this._bucketBindings.internalValue),
      bundle: cdktf.stringToTerraform(this._bundle),
      handlers: cdktf.listMapper(cdktf.stringToTerraform, false)(this._handlers),
      kv_bindings: cdktf.listMapper(workerVersionKvBindingsToTerraform, false)(this._kvBindings.internalValue),
      name: cdktf.stringToTerraform(this._name),
      queue_producer_bindings: cdktf.listMapper(workerVersionQueueProducerBindingsToTerraform, false)(this._queueProducerBindings.internalValue),
      required_sensitive_vars: cdktf.listMapper(cdktf.stringToTerraform, false)(this._requiredSensitiveVars),
      service_bindings: cdktf.listMapper(workerVersionServiceBindingsToTerraform, false)(this._serviceBindings.internalValue),
      space: cdktf.stringToTerraform(this._space),
      sqlite_bindings: cdktf.listMapper(workerVersionSqliteBindingsToTerraform, false)(this._sqliteBindings.internalValue),
      vars: cdktf.hashMapper(cdktf.anyToTerraform)(this._vars),
      worker: cdktf.stringToTerraform(this._worker),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      assets: {
        value: workerVersionAssetsToHclTerraform(this._assets.internalValue),
        isBlock: true,
        type: "struct",
        storageClassType: "WorkerVersionAssets",
      },
      bucket_bindings: {
        value: cdktf.listMapperHcl(workerVersionBucketBindingsToHclTerraform, false)(this._bucketBindings.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerVersionBucketBindingsList",
      },
      bundle: {
        value: cdktf.stringToHclTerraform(this._bundle),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      handlers: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._handlers),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      kv_bindings: {
        value: cdktf.listMapperHcl(workerVersionKvBindingsToHclTerraform, false)(this._kvBindings.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerVersionKvBindingsList",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      queue_producer_bindings: {
        value: cdktf.listMapperHcl(workerVersionQueueProducerBindingsToHclTerraform, false)(this._queueProducerBindings.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerVersionQueueProducerBindingsList",
      },
      required_sensitive_vars: {
        value: cdktf.listMapperHcl(cdktf.stringToHclTerraform, false)(this._requiredSensitiveVars),
        isBlock: false,
        type: "set",
        storageClassType: "stringList",
      },
      service_bindings: {
        value: cdktf.listMapperHcl(workerVersionServiceBindingsToHclTerraform, false)(this._serviceBindings.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerVersionServiceBindingsList",
      },
      space: {
        value: cdktf.stringToHclTerraform(this._space),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      sqlite_bindings: {
        value: cdktf.listMapperHcl(workerVersionSqliteBindingsToHclTerraform, false)(this._sqliteBindings.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerVersionSqliteBindingsList",
      },
      vars: {
        value: cdktf.hashMapperHcl(cdktf.anyToHclTerraform)(this._vars),
        isBlock: false,
        type: "map",
        storageClassType: "anyMap",
      },
      worker: {
        value: cdktf.stringToHclTerraform(this._worker),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
