import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, sourceFiles } from './import-graph';

const root = resolve(import.meta.dirname, '../..');

describe('import cycles', () => {
  it('finds none in src: every import points one way (type-only and dynamic imports count)', () => {
    const cycles = importCycles(importGraph(sourceFiles(join(root, 'src'))), root);
    expect(cycles.map((group) => group.join(' → '))).toEqual([]);
  });

  it('catches a planted cycle, through a type-only import and a dynamic one', () => {
    const files = {
      a: `${root}/probe/a.ts`,
      b: `${root}/probe/b.ts`,
      c: `${root}/probe/c.ts`,
      d: `${root}/probe/d.ts`,
    };
    const text: Record<string, string> = {
      [files.a]: "import type { B } from './b';\nexport type A = B;\n",
      [files.b]: "export const b = () => import('./c');\nexport type B = string;\n",
      [files.c]: "import { a } from './a';\nexport const c = a;\n",
      [files.d]: "import { a } from './a';\nexport const d = a;\n",
    };
    const cycles = importCycles(
      importGraph(Object.values(files), (file) => text[file]!),
      root,
    );
    expect(cycles).toEqual([['probe/a.ts', 'probe/b.ts', 'probe/c.ts']]);
  });
});
