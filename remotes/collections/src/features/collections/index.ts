// The collections feature's public surface for the other features of this remote (the document
// libraries bind folders to a collection, a new one made on the spot).
export { useCreateCollection } from './api/create-collection';
export { checkCollectionName, COLLECTION_NAME_MAX_LENGTH } from './model/collection-name';
