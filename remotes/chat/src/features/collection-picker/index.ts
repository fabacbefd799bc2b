// The collection picker's public surface: what the conversation view uses.
export { CollectionChips, CollectionPicker } from './components/collection-picker';
