// What other features of this remote use of the result feature.
export { fieldMessage } from './model/field-message';
