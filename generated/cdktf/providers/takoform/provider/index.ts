// generated/docs/index.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';

// Configuration

export interface TakoformProviderConfig {
  /**
  * Base URL of the Host API v1beta1 ({api}), for example https://host.example/api. Falls back to the TAKOFORM_ENDPOINT environment variable.
  *
  * Docs: {@link generated/docs/index.md TakoformProvider#endpoint}
  */
  readonly endpoint?: string;
  /**
  * Space that resources without their own `space` are created, read and deleted in. Falls back to the TAKOFORM_SPACE environment variable.
  *
  * Docs: {@link generated/docs/index.md TakoformProvider#space}
  */
  readonly space?: string;
  /**
  * Bearer credential sent on every request; the host derives the tenant from it. Falls back to the TAKOFORM_TOKEN environment variable.
  *
  * Docs: {@link generated/docs/index.md TakoformProvider#token}
  */
  readonly token?: string;
  /**
  * Alias name
  *
  * Docs: {@link generated/docs/index.md TakoformProvider#alias}
  */
  readonly alias?: string;
}

/**
* Represents a {@link generated/docs/index.md takoform}
*/
export class TakoformProvider extends cdktf.TerraformProvider {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a TakoformProvider resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the TakoformProvider to import
  * @param importFromId The id of the existing TakoformProvider that should be imported. Refer to the {@link generated/docs/index.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the TakoformProvider to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/index.md takoform} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options TakoformProviderConfig = {}
  */
  public constructor(scope: Construct, id: string, config: TakoformProviderConfig = {}) {
    super(scope, id, {
      terraformResourceType: 'takoform',
      terraformGeneratorMetadata: {
        providerName: 'takoform',
        providerVersionConstraint: '~> 0.1'
      },
      terraformProviderSource: 'registry.terraform.io/takoform/takoform'
    });
    this._endpoint = config.endpoint;
    this._space = config.space;
    this._token = config.token;
    this._alias = config.alias;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // endpoint - computed: false, optional: true, required: false
  private _endpoint?: string; 
  public get endpoint() {
    return this._endpoint;
  }
  public set endpoint(value: string | undefined) {
    this._endpoint = value;
  }
  public resetEndpoint() {
    this._endpoint = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get endpointInput() {
    return this._endpoint;
  }

  // space - computed: false, optional: true, required: false
  private _space?: string; 
  public get space() {
    return this._space;
  }
  public set space(value: string | undefined) {
    this._space = value;
  }
  public resetSpace() {
    this._space = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get spaceInput() {
    return this._space;
  }

  // token - computed: false, optional: true, required: false
  private _token?: string; 
  public get token() {
    return this._token;
  }
  public set token(value: string | undefined) {
    this._token = value;
  }
  public resetToken() {
    this._token = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get tokenInput() {
    return this._token;
  }

  // alias - computed: false, optional: true, required: false
  private _alias?: string; 
  public override get alias() {
    return this._alias;
  }
  public override set alias(value: string | undefined) {
    this._alias = value;
  }
  public resetAlias() {
    this._alias = undefined;
  }
  // Temporarily expose input value. Use with caution.
  public get aliasInput() {
    return this._alias;
  }

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      endpoint: cdktf.stringToTerraform(this._endpoint),
      space: cdktf.stringToTerraform(this._space),
      token: cdktf.stringToTerraform(this._token),
      alias: cdktf.stringToTerraform(this._alias),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      endpoint: {
        value: cdktf.stringToHclTerraform(this._endpoint),
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
      token: {
        value: cdktf.stringToHclTerraform(this._token),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      alias: {
        value: cdktf.stringToHclTerraform(this._alias),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
