// The agent form's public surface: what the routes use.
export { AgentDetails } from './components/agent-details';
export { AgentForm } from './components/agent-form';
export { AgentComparison } from './components/agent-comparison';
export { fieldsOf } from './model/agent-fields';
