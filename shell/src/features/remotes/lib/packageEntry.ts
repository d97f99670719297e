type Module = Record<string, unknown>;

/**
 * A workspace package's shared entry as the shell offers it: the members of the package's files, each read from its
 * module when asked for (so a binding a file changes is seen), as the entry's `export *` of those files gives them.
 */
export function packageEntry(groups: Array<Record<string, unknown>>): Module {
  const entry: Module = {};
  for (const files of groups) {
    for (const module of Object.values(files) as Module[]) {
      for (const name of Object.keys(module)) {
        // A name two files export is one binding, one re-exporting the other's (the compiler refuses any other).
        if (name === 'default' || name in entry) continue;
        Object.defineProperty(entry, name, { enumerable: true, get: () => module[name] });
      }
    }
  }
  return entry;
}
