/** Search inside one collection, with the preview of a hit (being built in this change). */
export function CollectionSearch(_props: { collectionId: string; collectionName: string }) {
  return null;
}
