import type { CollectionSummary } from '@assistant/contracts';
import { ownsCollection } from '../model/collection-access';
import { CollectionListItem } from './collection-list-item';

export interface CollectionListProps {
  collections: readonly CollectionSummary[];
  /** id of the heading that names the list. */
  labelledBy: string;
  onRename(collection: CollectionSummary): void;
  onDelete(collection: CollectionSummary): void;
  onShare(collection: CollectionSummary): void;
}

/** The collections as a list (list semantics: "list, 3 items"), latest change first. */
export function CollectionList({ collections, labelledBy, onRename, onDelete, onShare }: CollectionListProps) {
  return (
    // role="list": Safari drops list semantics from a list without bullets.
    <ul role="list" className="collection-list" aria-labelledby={labelledBy}>
      {collections.map((collection) => (
        <CollectionListItem
          key={collection.id}
          collection={collection}
          manageable={ownsCollection(collection)}
          onRename={onRename}
          onDelete={onDelete}
          onShare={onShare}
        />
      ))}
    </ul>
  );
}
