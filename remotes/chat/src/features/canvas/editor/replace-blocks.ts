import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';

/**
 * Makes `tr`'s document read as `next` by replacing the run of top-level blocks that differ (the
 * blocks before the first and after the last difference stay the same nodes, with the positions
 * in them). Whole blocks between top-level boundaries always fit, whatever their shape, where a
 * replacement cut at arbitrary depths (a diff into a list item or a table cell) may not.
 */
export function replaceChangedBlocks(tr: Transaction, next: ProseMirrorNode): Transaction {
  const current = tr.doc.content;
  const wanted = next.content;
  let first = 0;
  while (first < current.childCount && first < wanted.childCount && current.child(first).eq(wanted.child(first))) first += 1;
  if (first === current.childCount && first === wanted.childCount) return tr;
  let endCurrent = current.childCount;
  let endWanted = wanted.childCount;
  while (endCurrent > first && endWanted > first && current.child(endCurrent - 1).eq(wanted.child(endWanted - 1))) {
    endCurrent -= 1;
    endWanted -= 1;
  }
  let from = 0;
  for (let index = 0; index < first; index += 1) from += current.child(index).nodeSize;
  let to = from;
  for (let index = first; index < endCurrent; index += 1) to += current.child(index).nodeSize;
  const blocks: ProseMirrorNode[] = [];
  for (let index = first; index < endWanted; index += 1) blocks.push(wanted.child(index));
  return tr.replaceWith(from, to, Fragment.from(blocks));
}
