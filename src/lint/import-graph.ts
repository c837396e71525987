import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every .ts/.tsx file under `dir`, as absolute paths — without the lint tests' own probes
 * (`zz-…`), which other lint tests write and delete while this one may be reading the tree.
 */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\]zz-[^/\\]*probe/.test(file));
}

/** Relative imports of each file (static, type-only and dynamic alike), resolved to files of the set. */
export function importGraph(files: string[], read = (file: string) => readFileSync(file, 'utf8')) {
  const known = new Set(files);
  const resolveSpec = (from: string, spec: string) => {
    if (!spec.startsWith('.')) return undefined;
    const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) =>
      known.has(f),
    );
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(read(file), true, true);
      const targets = importedFiles.map(({ fileName }) => resolveSpec(file, fileName));
      return [file, [...new Set(targets.filter((t): t is string => t !== undefined))]];
    }),
  );
}

/** The import cycles: each strongly connected group of two or more files (Tarjan), named relative to `root`. */
export function importCycles(graph: Map<string, string[]>, root: string): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(relative(root, member));
    } while (member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
