// generated/docs/resources/queue_consumer.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';
import { referenceName } from '../reference.js';
import type { AtLeastOnceQueue } from '../at-least-once-queue/index.js';
import type { ModuleWorker } from '../module-worker/index.js';

// Configuration

export interface QueueConsumerConfig extends cdktf.TerraformMetaArguments {
  /**
  * Queue that receives messages whose retries are exhausted, each as a new message with attempts starting at 1. When absent, exhausted messages are discarded. Holds the name of the referenced AtLeastOnceQueue (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#dead_letter_queue}
  *
  * Accepts the AtLeastOnceQueue construct as well as its name; a construct is written as a reference to its name.
  */
  readonly deadLetterQueue?: string | AtLeastOnceQueue;
  /**
  * Most messages in one delivered batch.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#max_batch_size}
  */
  readonly maxBatchSize: number;
  /**
  * Longest wait, in seconds, to fill a batch before delivering it anyway.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#max_batch_timeout_seconds}
  */
  readonly maxBatchTimeoutSeconds: number;
  /**
  * Most batch invocations running at the same time.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#max_concurrency}
  */
  readonly maxConcurrency: number;
  /**
  * Redeliveries of a failed message after its first delivery, before it is dead-lettered or dropped.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#max_retries}
  */
  readonly maxRetries: number;
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#name}
  */
  readonly name: string;
  /**
  * The queue to drain. Any Form providing edge.queue@1.0.0 satisfies it. Changing it means a new consumer. Holds the name of the referenced AtLeastOnceQueue (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#queue}
  *
  * Accepts the AtLeastOnceQueue construct as well as its name; a construct is written as a reference to its name.
  */
  readonly queue: string | AtLeastOnceQueue;
  /**
  * Seconds before a failed message can be delivered again.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#retry_delay_seconds}
  */
  readonly retryDelaySeconds: number;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#space}
  */
  readonly space?: string;
  /**
  * The Module Worker whose queue handler receives batches. Only the runtime contract matters, so any Form providing worker.runtime@1.0.0 satisfies it. Deleting this attachment never deletes the worker. Holds the name of the referenced ModuleWorker (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/queue_consumer.md QueueConsumer#worker}
  *
  * Accepts the ModuleWorker construct as well as its name; a construct is written as a reference to its name.
  */
  readonly worker: string | ModuleWorker;
}

/**
* Represents a {@link generated/docs/resources/queue_consumer.md takoform_queue_consumer}
*/
export class QueueConsumer extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_queue_consumer";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a QueueConsumer resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the QueueConsumer to import
  * @param importFromId The id of the existing QueueConsumer that should be imported. Refer to the {@link generated/docs/resources/queue_consumer.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the QueueConsumer to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_queue_consumer", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/queue_consumer.md takoform_queue_consumer} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options QueueConsumerConfig
  */
  public constructor(scope: Construct, id: string, config: QueueConsumerConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_queue_consumer',
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
    this._deadLetterQueue = referenceName(config.deadLetterQueue);
    this._maxBatchSize = config.maxBatchSize;
    this._maxBatchTimeoutSeconds = config.maxBatchTimeoutSeconds;
    this._maxConcurrency = config.maxConcurrency;
    this._maxRetries = config.maxRetries;
    this._name = config.name;
    this._queue = referenceName(config.queue);
    this._retryDelaySeconds = config.retryDelaySeconds;
    this._space = config.space;
    this._worker = referenceName(config.worker);
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // dead_letter_queue - computed: false, optional: true, required: false
  private _deadLetterQueue?: string; 
  public get deadLetterQueue(): string {
    return this.getStringAttribute('dead_letter_queue');
  }
  public set deadLetterQueue(value: string | AtLeastOnceQueue) {
    this._deadLetterQueue = referenceName(value);
  }
  public resetDeadLetterQueue() {
    this._deadLetterQueue = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get deadLetterQueueInput() {
    return this._deadLetterQueue;
  }

  // max_batch_size - computed: false, optional: false, required: true
  private _maxBatchSize?: number; 
  public get maxBatchSize() {
    return this.getNumberAttribute('max_batch_size');
  }
  public set maxBatchSize(value: number) {
    this._maxBatchSize = value;
  }
  // Temporarily expose input value. Use with caution.
  public get maxBatchSizeInput() {
    return this._maxBatchSize;
  }

  // max_batch_timeout_seconds - computed: false, optional: false, required: true
  private _maxBatchTimeoutSeconds?: number; 
  public get maxBatchTimeoutSeconds() {
    return this.getNumberAttribute('max_batch_timeout_seconds');
  }
  public set maxBatchTimeoutSeconds(value: number) {
    this._maxBatchTimeoutSeconds = value;
  }
  // Temporarily expose input value. Use with caution.
  public get maxBatchTimeoutSecondsInput() {
    return this._maxBatchTimeoutSeconds;
  }

  // max_concurrency - computed: false, optional: false, required: true
  private _maxConcurrency?: number; 
  public get maxConcurrency() {
    return this.getNumberAttribute('max_concurrency');
  }
  public set maxConcurrency(value: number) {
    this._maxConcurrency = value;
  }
  // Temporarily expose input value. Use with caution.
  public get maxConcurrencyInput() {
    return this._maxConcurrency;
  }

  // max_retries - computed: false, optional: false, required: true
  private _maxRetries?: number; 
  public get maxRetries() {
    return this.getNumberAttribute('max_retries');
  }
  public set maxRetries(value: number) {
    this._maxRetries = value;
  }
  // Temporarily expose input value. Use with caution.
  public get maxRetriesInput() {
    return this._maxRetries;
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

  // queue - computed: false, optional: false, required: true
  private _queue?: string; 
  public get queue(): string {
    return this.getStringAttribute('queue');
  }
  public set queue(value: string | AtLeastOnceQueue) {
    this._queue = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get queueInput() {
    return this._queue;
  }

  // ready - computed: true, optional: false, required: false
  public get ready() {
    return this.getBooleanAttribute('ready');
  }

  // retry_delay_seconds - computed: false, optional: false, required: true
  private _retryDelaySeconds?: number; 
  public get retryDelaySeconds() {
    return this.getNumberAttribute('retry_delay_seconds');
  }
  public set retryDelaySeconds(value: number) {
    this._retryDelaySeconds = value;
  }
  // Temporarily expose input value. Use with caution.
  public get retryDelaySecondsInput() {
    return this._retryDelaySeconds;
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
      dead_letter_queue: cdktf.stringToTerraform(this._deadLetterQueue),
      max_batch_size: cdktf.numberToTerraform(this._maxBatchSize),
      max_batch_timeout_seconds: cdktf.numberToTerraform(this._maxBatchTimeoutSeconds),
      max_concurrency: cdktf.numberToTerraform(this._maxConcurrency),
      max_retries: cdktf.numberToTerraform(this._maxRetries),
      name: cdktf.stringToTerraform(this._name),
      queue: cdktf.stringToTerraform(this._queue),
      retry_delay_seconds: cdktf.numberToTerraform(this._retryDelaySeconds),
      space: cdktf.stringToTerraform(this._space),
      worker: cdktf.stringToTerraform(this._worker),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      dead_letter_queue: {
        value: cdktf.stringToHclTerraform(this._deadLetterQueue),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      max_batch_size: {
        value: cdktf.numberToHclTerraform(this._maxBatchSize),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      max_batch_timeout_seconds: {
        value: cdktf.numberToHclTerraform(this._maxBatchTimeoutSeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      max_concurrency: {
        value: cdktf.numberToHclTerraform(this._maxConcurrency),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      max_retries: {
        value: cdktf.numberToHclTerraform(this._maxRetries),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
      },
      name: {
        value: cdktf.stringToHclTerraform(this._name),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      queue: {
        value: cdktf.stringToHclTerraform(this._queue),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      retry_delay_seconds: {
        value: cdktf.numberToHclTerraform(this._retryDelaySeconds),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
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
