// The resources feature's public surface: what the page and the other features use.
export { useQaChoices, QA_CHOICES_STORE } from './hooks/use-qa-choices';
export { effectiveCollections, effectiveModel, initialQaChoices, missingChoice, modelsForScope, pickedDocument, type QaChoices } from './model/qa-choices';
export { ResourcePicker, type ResourcePickerProps } from './components/resource-picker';
