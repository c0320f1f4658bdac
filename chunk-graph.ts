// The build's chunk graph, for the plugins that read it (./early-chunks.ts, ./compile-hints.ts).

/** Every file in `starts` and every file they import statically, transitively (`importsOf` names a file's imports). */
export function staticClosure(importsOf: (file: string) => readonly string[] | undefined, starts: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of importsOf(file) ?? []) walk(next);
  };
  for (const start of starts) walk(start);
  return seen;
}
