// The deep research feature's public surface: what the conversation view uses.
export { ResearchAnswer, type ResearchAnswerProps } from './components/research-answer';
export { ResearchPanel, type ResearchPanelProps } from './components/research-panel';
export { useResearchReply } from './hooks/use-research-reply';
