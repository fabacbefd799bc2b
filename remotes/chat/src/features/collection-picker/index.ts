// The collection picker's public surface: what the conversation view uses, and the menu and chips
// it is made of (the tool-server picker is built from them too).
export { CollectionChips, CollectionPicker } from './components/collection-picker';
export { PickedChips, PickerMenu, type PickedChipsProps, type PickerMenuProps } from './components/picker-menu';
