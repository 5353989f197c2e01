// generated/docs/resources/sqlite_migration_application.md
// generated from terraform resource schema

import { Construct } from 'constructs';
import * as cdktf from 'cdktf';
import { referenceName } from '../reference.js';
import type { SqliteDatabase } from '../sqlite-database/index.js';
import type { SqliteMigrationSet } from '../sqlite-migration-set/index.js';

// Configuration

export interface SqliteMigrationApplicationConfig extends cdktf.TerraformMetaArguments {
  /**
  * The database to migrate. The host keeps its migration ledger inside this exact database Form, so the Form is pinned. Holds the name of the referenced SQLiteDatabase (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/sqlite_migration_application.md SqliteMigrationApplication#database}
  *
  * Accepts the SqliteDatabase construct as well as its name; a construct is written as a reference to its name.
  */
  readonly database: string | SqliteDatabase;
  /**
  * The ordered migration set to apply. The host reads its manifestDigest to learn the files, so the exact Form is pinned. Holds the name of the referenced SQLiteMigrationSet (edge.forms.takoform.com/v1beta1) in the same space.
  *
  * Docs: {@link generated/docs/resources/sqlite_migration_application.md SqliteMigrationApplication#migration_set}
  *
  * Accepts the SqliteMigrationSet construct as well as its name; a construct is written as a reference to its name.
  */
  readonly migrationSet: string | SqliteMigrationSet;
  /**
  * Name of the resource in its space (metadata.name): 1 to 63 characters, a lowercase letter first, then lowercase letters, digits and hyphens. Other resources refer to this resource by it. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/sqlite_migration_application.md SqliteMigrationApplication#name}
  */
  readonly name: string;
  /**
  * Space the resource lives in (metadata.space), an opaque case-sensitive SpaceID. Defaults to the provider's `space`. Changing it replaces the resource.
  *
  * Docs: {@link generated/docs/resources/sqlite_migration_application.md SqliteMigrationApplication#space}
  */
  readonly space?: string;
}

/**
* Represents a {@link generated/docs/resources/sqlite_migration_application.md takoform_sqlite_migration_application}
*/
export class SqliteMigrationApplication extends cdktf.TerraformResource {

  // =================
  // STATIC PROPERTIES
  // =================
  public static readonly tfResourceType = "takoform_sqlite_migration_application";

  // ==============
  // STATIC Methods
  // ==============
  /**
  * Generates CDKTF code for importing a SqliteMigrationApplication resource upon running "cdktf plan <stack-name>"
  * @param scope The scope in which to define this construct
  * @param importToId The construct id used in the generated config for the SqliteMigrationApplication to import
  * @param importFromId The id of the existing SqliteMigrationApplication that should be imported. Refer to the {@link generated/docs/resources/sqlite_migration_application.md import section} in the documentation of this resource for the id to use
  * @param provider? Optional instance of the provider where the SqliteMigrationApplication to import is found
  */
  public static generateConfigForImport(scope: Construct, importToId: string, importFromId: string, provider?: cdktf.TerraformProvider) {
        return new cdktf.ImportableResource(scope, importToId, { terraformResourceType: "takoform_sqlite_migration_application", importId: importFromId, provider });
      }

  // ===========
  // INITIALIZER
  // ===========

  /**
  * Create a new {@link generated/docs/resources/sqlite_migration_application.md takoform_sqlite_migration_application} Resource
  *
  * @param scope The scope in which to define this construct
  * @param id The scoped construct ID. Must be unique amongst siblings in the same scope
  * @param options SqliteMigrationApplicationConfig
  */
  public constructor(scope: Construct, id: string, config: SqliteMigrationApplicationConfig) {
    super(scope, id, {
      terraformResourceType: 'takoform_sqlite_migration_application',
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
    this._database = referenceName(config.database);
    this._migrationSet = referenceName(config.migrationSet);
    this._name = config.name;
    this._space = config.space;
  }

  // ==========
  // ATTRIBUTES
  // ==========

  // database - computed: false, optional: false, required: true
  private _database?: string; 
  public get database(): string {
    return this.getStringAttribute('database');
  }
  public set database(value: string | SqliteDatabase) {
    this._database = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get databaseInput() {
    return this._database;
  }

  // migration_set - computed: false, optional: false, required: true
  private _migrationSet?: string; 
  public get migrationSet(): string {
    return this.getStringAttribute('migration_set');
  }
  public set migrationSet(value: string | SqliteMigrationSet) {
    this._migrationSet = referenceName(value);
  }
  // Temporarily expose input value. Use with caution.
  public get migrationSetInput() {
    return this._migrationSet;
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

  // =========
  // SYNTHESIS
  // =========

  protected override synthesizeAttributes(): { [name: string]: any } {
    return {
      database: cdktf.stringToTerraform(this._database),
      migration_set: cdktf.stringToTerraform(this._migrationSet),
      name: cdktf.stringToTerraform(this._name),
      space: cdktf.stringToTerraform(this._space),
    };
  }

  protected override synthesizeHclAttributes(): { [name: string]: any } {
    const attrs = {
      database: {
        value: cdktf.stringToHclTerraform(this._database),
        isBlock: false,
        type: "simple",
        storageClassType: "string",
      },
      migration_set: {
        value: cdktf.stringToHclTerraform(this._migrationSet),
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
    };

    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs).filter(([_, value]) => value !== undefined && value.value !== undefined ))
  }
}
