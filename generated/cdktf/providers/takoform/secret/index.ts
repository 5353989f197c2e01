// generated/docs/resources/secret.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface SecretConfig extends cdktf.TerraformMetaArguments {
  /**
  * The env name, as a WorkerVersion lists it in requiredSensitiveVars (^[A-Z][A-Z0-9_]{0,63}$). Changing it replaces the value.
  *
  * Docs: {@link generated/docs/resources/secret.md Secret#name}
  */
  readonly name: string;
  /**
  * Space of the worker; defaults to the provider's space. Changing it replaces the value.
  *
  * Docs: {@link generated/docs/resources/secret.md Secret#space}
  */
  readonly space?: string;
  /**
  * The sensitive value. Write-only (Terraform 1.11 or later): sent to the host on create and whenever value_version changes, never stored in plan or state.
  *
  * Docs: {@link generated/docs/resources/secret.md Secret#value}
  */
  readonly value: string;
  /**
  * Bump to send a new value: Terraform cannot see a change of a write-only attribute.
  *
  * Docs: {@link generated/docs/resources/secret.md Secret#value_version}
  */
  readonly valueVersion?: number;
  /**
  * metadata.name of the ModuleWorker whose env receives the value. Changing it replaces the value.
  *
  * Docs: {@link generated/docs/resources/secret.md Secret#worker}
  */
  readonly worker: string;
}

/**
* Represents a {@link generated/docs/resources/secret.md takoform_secret}
*/
export class Secret extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_secret";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a Secret resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the Secret to import
  * @param importFromId The id of the existing Secret that should be imported. Refer to the {@link generated/docs/resources/secret.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the Secret to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_secret", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/secret.md takoform_secret} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options SecretConfig
  */
  public constructor(scope: Construct, id: string, config: SecretConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_secret',
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
    this._value = config.value;
    this._valueVersion = config.valueVersion;
    this._worker = config.worker;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // id - computed: true, optional: false, required: false
  public get id() {
    return this.getStringAttribute('id');
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

  // value - computed: false, optional: false, required: true
  private _value?: string; 
  public get value() {
    return this.getStringAttribute('value');
  }
  public set value(value: string) {
    this._value = value;
  }
  // Temporarily expose input value. Use with caution.
  public get valueInput() {
    return this._value;
  }

  // value_version - computed: false, optional: true, required: false
  private _valueVersion?: number; 
  public get valueVersion() {
    return this.getNumberAttribute('value_version');
  }
  public set valueVersion(value: number) {
    this._valueVersion = value;
  }
  public resetValueVersion() {
    this._valueVersion = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get valueVersionInput() {
    return this._valueVersion;
  }

  // worker - computed: false, optional: false, required: true
  private _worker?: string; 
  public get worker() {
    return this.getStringAttribute('worker');
  }
  public set worker(value: string) {
    this._worker = value;
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
      value: cdktf.stringToTerraform(this._value),
      value_version: cdktf.numberToTerraform(this._valueVersion),
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
      value: {
        value: cdktf.stringToHclTerraform(this._value),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      value_version: {
        value: cdktf.numberToHclTerraform(this._valueVersion),
        isBlock: false,
        type: "simple",
        storageClassType: "number",
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
