// Names: Form kinds -> Terraform type names, wire members <-> Terraform attribute names.
//
// Rules (codegen/README.md, "Names"):
// - A wire member is split into words at every lower->Upper and digit->Upper boundary and before
//   the last capital of a capital run followed by a lowercase letter ("maxBatchSize" ->
//   max_batch_size). The snake name is the lowercased words joined by "_".
// - The inverse capitalizes the first letter of every word after the first. The pair is exact for
//   every lowerCamelCase member without capital runs; codegen refuses a member for which it is not
//   (see assertReversible), so the mapping a reader infers is always the one the provider uses.
// - A kind is split the same way, except that the compound words in KIND_COMPOUND_WORDS stay one
//   word ("SQLiteDatabase" -> sqlite_database, "EdgeKVNamespace" -> edge_kv_namespace).

/** Mixed-case words that are one word in a kind name, as the family spells them. */
export const KIND_COMPOUND_WORDS: readonly string[] = ["SQLite"];

const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[A-Z]/g;

/** Splits an identifier into words: "maxBatchSize" -> ["max", "Batch", "Size"]. */
export function splitWords(identifier: string, compounds: readonly string[] = []): string[] {
  const words: string[] = [];
  let rest = identifier;
  while (rest.length > 0) {
    const compound = compounds.find((c) => rest.startsWith(c));
    if (compound !== undefined) {
      words.push(compound);
      rest = rest.slice(compound.length);
      continue;
    }
    // Take the next word of the ordinary split, but stop it where a compound word begins.
    const match = rest.match(new RegExp(`^(?:${WORD.source})`));
    if (match === null) throw new Error(`cannot split identifier '${identifier}' at '${rest}'`);
    let word = match[0];
    for (const c of compounds) {
      const at = word.indexOf(c.slice(0, 1));
      if (at > 0 && rest.slice(at).startsWith(c)) word = word.slice(0, at);
    }
    words.push(word);
    rest = rest.slice(word.length);
  }
  return words;
}

/** Wire member -> Terraform attribute name: "kvBindings" -> "kv_bindings". */
export function snakeCase(member: string): string {
  return splitWords(member)
    .map((w) => w.toLowerCase())
    .join("_");
}

/** Terraform attribute name -> wire member: "kv_bindings" -> "kvBindings". */
export function camelCase(snake: string): string {
  return snake
    .split("_")
    .map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
}

/** Form kind -> snake words: "SQLiteMigrationSet" -> "sqlite_migration_set". */
export function kindSnake(kind: string): string {
  return splitWords(kind, KIND_COMPOUND_WORDS)
    .map((w) => w.toLowerCase())
    .join("_");
}

/** Form kind -> kebab words, the corpus directory name: "EdgeKVNamespace" -> "edge-kv-namespace". */
export function kindKebab(kind: string): string {
  return kindSnake(kind).replaceAll("_", "-");
}

export const TYPE_PREFIX = "takoform_";

/** Form kind -> Terraform resource type name: "WorkerVersion" -> "takoform_worker_version". */
export function typeNameForKind(kind: string): string {
  return TYPE_PREFIX + kindSnake(kind);
}

const TERRAFORM_NAME = /^[a-z][a-z0-9_]*$/;

/** Throws unless `member` maps to a valid Terraform name that maps back to exactly `member`. */
export function assertReversible(member: string, where: string): string {
  const snake = snakeCase(member);
  if (!TERRAFORM_NAME.test(snake) || snake.includes("__") || snake.endsWith("_")) {
    throw new Error(`${where}: member '${member}' has no valid Terraform attribute name (got '${snake}')`);
  }
  if (camelCase(snake) !== member) {
    throw new Error(
      `${where}: member '${member}' maps to '${snake}', which maps back to '${camelCase(snake)}'; ` +
        "wire members must be lowerCamelCase without capital runs so the mapping is exact",
    );
  }
  return snake;
}
