// generated/docs/resources/worker_cron_trigger.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';
import { referenceName } from '../reference.js';
import type { ModuleWorker } from '../module-worker/index.js';

// Configuration

export interface WorkerCronTriggerConfig extends cdktf.TerraformMetaArguments {
  /**
  * Five space-separated fields (minute hour day-of-month month day-of-week) of numbers, ranges, steps, lists and *. No names, no seconds field. The schedule may change in place.
  *
  * Docs: {@link generated/docs/resources/worker_cron_trigger.md WorkerCronTrigger#cron}
  */
  readonly cron: string;
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_cron_trigger.md WorkerCronTrigger#name}
  */
  readonly name: string;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_cron_trigger.md WorkerCronTrigger#space}
  */
  readonly space?: string;
  /**
  * The Module Worker whose scheduled handler runs. Only the runtime contract matters, so any Form providing worker.runtime@1.0.0 satisfies it. Deleting this attachment never deletes the worker. Holds the name of the referenced ModuleWorker (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/worker_cron_trigger.md WorkerCronTrigger#worker}
  *
  * Accepts the ModuleWorker construct as well as its name; a construct is written as a reference to its name.
  */
  readonly worker: string | ModuleWorker;
}

/**
* Represents a {@link generated/docs/resources/worker_cron_trigger.md takoform_worker_cron_trigger}
*/
export class WorkerCronTrigger extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_worker_cron_trigger";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a WorkerCronTrigger resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the WorkerCronTrigger to import
  * @param importFromId The id of the existing WorkerCronTrigger that should be imported. Refer to the {@link generated/docs/resources/worker_cron_trigger.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the WorkerCronTrigger to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_worker_cron_trigger", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/worker_cron_trigger.md takoform_worker_cron_trigger} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options WorkerCronTriggerConfig
  */
  public constructor(scope: Construct, id: string, config: WorkerCronTriggerConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_worker_cron_trigger',
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
    this._cron = config.cron;
    this._name = config.name;
    this._space = config.space;
    this._worker = referenceName(config.worker);
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // cron - computed: false, optional: false, required: true
  private _cron?: string; 
  public get cron() {
    return this.getStringAttribute('cron');
  }
  public set cron(value: string) {
    this._cron = value;
  }
  // Temporarily expose input value. Use with caution.
  public get cronInput() {
    return this._cron;
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
      cron: cdktf.stringToTerraform(this._cron),
      name: cdktf.stringToTerraform(this._name),
      space: cdktf.stringToTerraform(this._space),
      worker: cdktf.stringToTerraform(this._worker),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      cron: {
        value: cdktf.stringToHclTerraform(this._cron),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
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
