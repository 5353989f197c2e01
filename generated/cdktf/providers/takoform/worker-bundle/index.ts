// generated/docs/resources/worker_bundle.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface WorkerBundleConfig extends cdktf.TerraformMetaArguments {
  /**
  * RFC 8785 canonical digest of a committed artifact manifest of kind WorkerBundle, as returned by the artifact commit route. The host resolves it before any mutation: a digest the caller's tenant does not hold is artifact_missing, a manifest of another kind or one that breaks the artifact rules is artifact_invalid.
  *
  * Docs: {@link generated/docs/resources/worker_bundle.md WorkerBundle#manifest_digest}
  */
  readonly manifestDigest?: string;
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_bundle.md WorkerBundle#name}
  */
  readonly name: string;
  /**
  * Local directory holding the files of a WorkerBundle. The provider builds the manifest from it, uploads the blobs the host does not hold, commits the manifest and plans its digest as manifest_digest; no file bytes are stored in state. Give either source_dir or manifest_digest.
  *
  * Docs: {@link generated/docs/resources/worker_bundle.md WorkerBundle#source_dir}
  */
  readonly sourceDir?: string;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/worker_bundle.md WorkerBundle#space}
  */
  readonly space?: string;
}

/**
* Represents a {@link generated/docs/resources/worker_bundle.md takoform_worker_bundle}
*/
export class WorkerBundle extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_worker_bundle";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a WorkerBundle resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the WorkerBundle to import
  * @param importFromId The id of the existing WorkerBundle that should be imported. Refer to the {@link generated/docs/resources/worker_bundle.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the WorkerBundle to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_worker_bundle", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/worker_bundle.md takoform_worker_bundle} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options WorkerBundleConfig
  */
  public constructor(scope: Construct, id: string, config: WorkerBundleConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_worker_bundle',
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
    this._manifestDigest = config.manifestDigest;
    this._name = config.name;
    this._sourceDir = config.sourceDir;
    this._space = config.space;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // manifest_digest - computed: true, optional: true, required: false
  private _manifestDigest?: string; 
  public get manifestDigest() {
    return this.getStringAttribute('manifest_digest');
  }
  public set manifestDigest(value: string) {
    this._manifestDigest = value;
  }
  public resetManifestDigest() {
    this._manifestDigest = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get manifestDigestInput() {
    return this._manifestDigest;
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

  // source_dir - computed: false, optional: true, required: false
  private _sourceDir?: string; 
  public get sourceDir() {
    return this.getStringAttribute('source_dir');
  }
  public set sourceDir(value: string) {
    this._sourceDir = value;
  }
  public resetSourceDir() {
    this._sourceDir = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get sourceDirInput() {
    return this._sourceDir;
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

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      manifest_digest: cdktf.stringToTerraform(this._manifestDigest),
      name: cdktf.stringToTerraform(this._name),
      source_dir: cdktf.stringToTerraform(this._sourceDir),
      space: cdktf.stringToTerraform(this._space),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      manifest_digest: {
        value: cdktf.stringToHclTerraform(this._manifestDigest),
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
      source_dir: {
        value: cdktf.stringToHclTerraform(this._sourceDir),
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
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
