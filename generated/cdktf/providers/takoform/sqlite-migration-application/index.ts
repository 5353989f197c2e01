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
export interface SqliteMigrationApplicationConditions {
}

export function sqliteMigrationApplicationConditionsToTerraform(struct?: SqliteMigrationApplicationConditions): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function sqliteMigrationApplicationConditionsToHclTerraform(struct?: SqliteMigrationApplicationConditions): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class SqliteMigrationApplicationConditionsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): SqliteMigrationApplicationConditions | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: SqliteMigrationApplicationConditions | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // host_reason - computed: true, optional: false, required: false
  public get hostReason() {
    return this.getStringAttribute('host_reason');
  }

  // last_transition_time - computed: true, optional: false, required: false
  public get lastTransitionTime() {
    return this.getStringAttribute('last_transition_time');
  }

  // message - computed: true, optional: false, required: false
  public get message() {
    return this.getStringAttribute('message');
  }

  // observed_generation - computed: true, optional: false, required: false
  public get observedGeneration() {
    return this.getStringAttribute('observed_generation');
  }

  // reason - computed: true, optional: false, required: false
  public get reason() {
    return this.getStringAttribute('reason');
  }

  // status - computed: true, optional: false, required: false
  public get status() {
    return this.getStringAttribute('status');
  }

  // type - computed: true, optional: false, required: false
  public get type() {
    return this.getStringAttribute('type');
  }
}

export class SqliteMigrationApplicationConditionsList extends cdktf.ComplexList {

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
  public get(index: number): SqliteMigrationApplicationConditionsOutputReference {
    return new SqliteMigrationApplicationConditionsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
}
export interface SqliteMigrationApplicationFormRef {
}

export function sqliteMigrationApplicationFormRefToTerraform(struct?: SqliteMigrationApplicationFormRef): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function sqliteMigrationApplicationFormRefToHclTerraform(struct?: SqliteMigrationApplicationFormRef): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class SqliteMigrationApplicationFormRefOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string) {
    super(terraformResource, terraformAttribute, false);
  }

  public get internalValue(): SqliteMigrationApplicationFormRef | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: SqliteMigrationApplicationFormRef | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // api_version - computed: true, optional: false, required: false
  public get apiVersion() {
    return this.getStringAttribute('api_version');
  }

  // definition_version - computed: true, optional: false, required: false
  public get definitionVersion() {
    return this.getStringAttribute('definition_version');
  }

  // kind - computed: true, optional: false, required: false
  public get kind() {
    return this.getStringAttribute('kind');
  }

  // schema_digest - computed: true, optional: false, required: false
  public get schemaDigest() {
    return this.getStringAttribute('schema_digest');
  }
}
export interface SqliteMigrationApplicationRelations {
}

export function sqliteMigrationApplicationRelationsToTerraform(struct?: SqliteMigrationApplicationRelations): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  return {
  }
}


export function sqliteMigrationApplicationRelationsToHclTerraform(struct?: SqliteMigrationApplicationRelations): any {
  if (!cdktf.canInspect(struct) || cdktf.Tokenization.isResolvable(struct)) { return struct; }
  if (cdktf.isComplexElement(struct)) {
    throw new Error("A complex element was used as configuration, this is not supported: https://cdk.tf/complex-object-as-configuration");
  }
  const attrs = {
  };
  return attrs;
}

export class SqliteMigrationApplicationRelationsOutputReference extends cdktf.ComplexObject {
  private isEmptyObject = false;

  /**
  * @param terraformResource The parent resource
  * @param terraformAttribute The attribute on the parent resource this class is referencing
  * @param complexObjectIndex the index of this item in the list
  * @param complexObjectIsFromSet whether the list is wrapping a set (will add tolist() to be able to access an item via an index)
  */
  public constructor(terraformResource: cdktf.IInterpolatingParent, terraformAttribute: string, complexObjectIndex: number, complexObjectIsFromSet: boolean) {
    super(terraformResource, terraformAttribute, complexObjectIsFromSet, complexObjectIndex);
  }

  public get internalValue(): SqliteMigrationApplicationRelations | undefined {
    let hasAnyValues = this.isEmptyObject;
    const internalValueResult: any = {};
    return hasAnyValues ? internalValueResult : undefined;
  }

  public set internalValue(value: SqliteMigrationApplicationRelations | undefined) {
    if (value === undefined) {
      this.isEmptyObject = false;
    }
    else {
      this.isEmptyObject = Object.keys(value).length === 0;
    }
  }

  // pointer - computed: true, optional: false, required: false
  public get pointer() {
    return this.getStringAttribute('pointer');
  }

  // relation - computed: true, optional: false, required: false
  public get relation() {
    return this.getStringAttribute('relation');
  }

  // target_api_version - computed: true, optional: false, required: false
  public get targetApiVersion() {
    return this.getStringAttribute('target_api_version');
  }

  // target_kind - computed: true, optional: false, required: false
  public get targetKind() {
    return this.getStringAttribute('target_kind');
  }

  // target_name - computed: true, optional: false, required: false
  public get targetName() {
    return this.getStringAttribute('target_name');
  }
}

export class SqliteMigrationApplicationRelationsList extends cdktf.ComplexList {

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
  public get(index: number): SqliteMigrationApplicationRelationsOutputReference {
    return new SqliteMigrationApplicationRelationsOutputReference(this.terraformResource, this.terraformAttribute, index, this.wrapsSet);
  }
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

  // conditions - computed: true, optional: false, required: false
  private _conditions = new SqliteMigrationApplicationConditionsList(this, "conditions", false);
  public get conditions() {
    return this._conditions;
  }

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

  // form_ref - computed: true, optional: false, required: false
  private _formRef = new SqliteMigrationApplicationFormRefOutputReference(this, "form_ref");
  public get formRef() {
    return this._formRef;
  }

  // generation - computed: true, optional: false, required: false
  public get generation() {
    return this.getStringAttribute('generation');
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

  // relations - computed: true, optional: false, required: false
  private _relations = new SqliteMigrationApplicationRelationsList(this, "relations", false);
  public get relations() {
    return this._relations;
  }

  // revision - computed: true, optional: false, required: false
  public get revision() {
    return this.getStringAttribute('revision');
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
