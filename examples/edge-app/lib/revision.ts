// The lifecycle every revision-role resource carries (ADR 0052): a revision is never updated, so a
// change must be a new name created beside the old one while whatever refers to it moves over in
// the same apply. Names: the artifact bundles are named by their manifest digest (their whole
// spec); WorkerVersions by revision() from the generated package (the digest of the whole config).

/** The lifecycle every revision resource carries. */
export const replaceBeforeDestroy = { createBeforeDestroy: true } as const;
