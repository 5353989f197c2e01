// generated/docs/resources/worker_deployment.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';
import { referenceName } from '../reference.js';
import type { ModuleWorker } from '../module-worker/index.js';
import type { WorkerVersion } from '../worker-version/index.js';

// Configuration

export interface WorkerDeploymentConfig extends cdktf.TerraformMetaArguments {
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#name}
  */
  readonly name: string;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#space}
  */
  readonly space?: string;
  /**
  * Weighted Worker Versions, one entry per version. Weights are basis points and must add up to exactly 10000; every weighted version must belong to this worker and be Ready. Rollback is a re-weighting.
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#versions}
  */
  readonly versions: WorkerDeploymentVersions[] | cdktf.IResolvable;
  /**
  * The Module Worker whose traffic this deployment governs. A deployment renders that worker's readiness and the aggregate rules are stated over the ModuleWorker Form itself, so the exact Form is pinned. A worker has at most one deployment. Holds the name of the referenced ModuleWorker (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#worker}
  *
  * Accepts the ModuleWorker construct as well as its name; a construct is written as a reference to its name.
  */
  readonly worker: string | ModuleWorker;
}
export interface WorkerDeploymentVersions {
  /**
  * Share of traffic in basis points (1..10000).
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#weight}
  */
  readonly weight: number;
  /**
  * A Worker Version of this worker. The host reads its handlers and its /worker relation, so the exact Form is pinned. Holds the name of the referenced WorkerVersion (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_deployment.md WorkerDeployment#worker_version}
  *
  * Accepts the WorkerVersion construct as well as its name; a construct is written as a reference to its name.
  */
  readonly workerVersion: string | WorkerVersion;
}

export function workerDeploymentVersionsToTerraform(struct?: WorkerDeploymentVersions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
    weight: cdktf.numberToTerraform(struct!.weight),
    worker_version: cdktf.stringToTerraform(referenceName(struct!.workerVersion)),
  }
}


export function workerDeploymentVersionsToHclTerraform(struct?: WorkerDeploymentVersions | cdktf.IResolvable): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
    weight: {
      value: cdktf.numberToHclTerraform(struct!.weight),
      isBlock: false,
      type: "simple",
      storageClassType: "number",
    },
    worker_version: {
      value: cdktf.stringToHclTerraform(referenceName(struct!.workerVersion)),
      isBlock: false,
      type: "simple",
      storageClassType: "string",
    },
  };

  // remove undefined attributes
  return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined));
}

export class WorkerDeploymentVersionsOutputReference extends cdktf.ComplexObject {
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

  public get internalValue(): WorkerDeploymentVersions | cdktf.IResolvable | undefined {
    if (this.resolvableValue) {
      return this.resolvableValue;
    }
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    if (this._weight !== undefined) {
      hasAnyValues = true;
      internalValueResult.weight = this._weight;
    }
    if (this._workerVersion !== undefined) {
      hasAnyValues = true;
      internalValueResult.workerVersion = this._workerVersion;
    }
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: WorkerDeploymentVersions | cdktf.IResolvable | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
      this.resolvableValue = undefined;
      this._weight = undefined;
      this._workerVersion = undefined;
    }
    else if (cdktf.Tokenization.isResolvable(value)) {
      this.isEmptyObject = false;
      this.resolvableValue = value;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
      this.resolvableValue = undefined;
      this._weight = value.weight;
      this._workerVersion = referenceName(value.workerVersion);
    }
  }

  // weight - computed: false, optional: false, required: true
  private _weight?: number; 
  public get weight() {
    return this.getNumberAttribute('weight');
  }
  public set weight(value: number) {
    this._weight = value;
  }
  // Temporarily expose input value. Use with caution.
  public get weightInput() {
    return this._weight;
  }

  // worker_version - computed: false, optional: false, required: true
  private _workerVersion?: string; 
  public get workerVersion(): string {
    return this.getStringAttribute('worker_version');
  }
  public set workerVersion(value: string | WorkerVersion) {
    this._workerVersion = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get workerVersionInput() {
    return this._workerVersion;
  }
}

export class WorkerDeploymentVersionsList extends cdktf.ComplexList {
  public internalValue? : WorkerDeploymentVersions[] | cdktf.IResolvable

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
  public get(index: number): WorkerDeploymentVersionsOutputReference {
    return new WorkerDeploymentVersionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}

/**
* Represents a {@link generated/docs/resources/worker_deployment.md takoform_worker_deployment}
*/
export class WorkerDeployment extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_worker_deployment";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a WorkerDeployment resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the WorkerDeployment to import
  * @param importFromId The id of the existing WorkerDeployment that should be imported. Refer to the {@link generated/docs/resources/worker_deployment.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the WorkerDeployment to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_worker_deployment", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/worker_deployment.md takoform_worker_deployment} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options WorkerDeploymentConfig
  */
  public constructor(scope: Construct, id: string, config: WorkerDeploymentConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_worker_deployment',
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
    this._name = config.name;
    this._space = config.space;
    this._versions.internalValue = config.versions;
    this._worker = referenceName(config.worker);
  }

  // ==========
  // ATTRIBUTES
  // ==========

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

  // ready - computed: true, optional: false, required: false
  public get ready() {
    return this.getBooleanAttribute('ready');
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

  // status_json - computed: true, optional: false, required: false
  public get statusJson() {
    return this.getStringAttribute('status_json');
  }

  // uid - computed: true, optional: false, required: false
  public get uid() {
    return this.getStringAttribute('uid');
  }

  // versions - computed: false, optional: false, required: true
  private _versions = new WorkerDeploymentVersionsList(this, "versions", true);
  public get versions() {
    return this._versions;
  }
  public putVersions(value: WorkerDeploymentVersions[] | cdktf.IResolvable) {
    this._versions.internalValue = value;
  }
  // Temporarily expose input value. Use with caution.
  public get versionsInput() {
    return this._versions.internalValue;
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
      name: cdktf.stringToTerraform(this._name),
      space: cdktf.stringToTerraform(this._space),
      versions: cdktf.listMapper(workerDeploymentVersionsToTerraform, false)(this._versions.internalValue),
      worker: cdktf.stringToTerraform(this._worker),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      space: {
        value: cdktf.stringToHclTerraform(this._space),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      versions: {
        value: cdktf.listMapperHcl(workerDeploymentVersionsToHclTerraform, false)(this._versions.internalValue),
        isBlock: true,
        type: "set",
        storageClassType: "WorkerDeploymentVersionsList",
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
