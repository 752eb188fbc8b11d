import type { CategoryNode } from '@/types/products';

export interface CategoryOption {
  id: string;
  name: string;
  depth: number;
}

/** The category tree as a flat list in tree order, each entry with its depth (for an indented select). */
export function flattenCategories(tree: readonly CategoryNode[] | null | undefined, depth = 0): CategoryOption[] {
  const out: CategoryOption[] = [];
  for (const node of tree ?? []) {
    out.push({ id: String(node.id), name: node.name, depth });
    out.push(...flattenCategories(node.children, depth + 1));
  }
  return out;
}

/** The label of an entry in the select: nested entries are indented. */
export const categoryLabel = (c: CategoryOption) => `${'\u00a0\u00a0\u00a0'.repeat(c.depth)}${c.depth > 0 ? '– ' : ''}${c.name}`;
