// The tool-server picker's public surface: what the conversation view uses.
export { ToolServerChips, ToolServerPicker } from './components/tool-server-picker';
export { usePickedToolServers } from './hooks/use-picked-tool-servers';
