// The resources feature's public surface: what the page and the other features use.
export { useQaResourcesQuery } from './api/get-qa-resources';
export { useCollectionFilesQuery } from './api/get-collection-files';
export { useQaChoices, QA_CHOICES_STORE } from './hooks/use-qa-choices';
export { effectiveCollections, effectiveModel, initialQaChoices, missingChoice, modelsForScope, pickedDocument, type QaChoices } from './model/qa-choices';
export { ResourcePicker, type ResourcePickerProps } from './components/resource-picker';
