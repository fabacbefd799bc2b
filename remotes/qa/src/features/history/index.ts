// The history feature's public surface: the user's questions kept in this browser.
export { useHistoryQuery } from './api/get-history';
export { useSaveExchange } from './api/save-exchange';
export { useDeleteExchange } from './api/delete-exchange';
export { HistoryPanel, type HistoryPanelProps } from './components/history-panel';
export { QA_HISTORY_LIMIT, QA_HISTORY_STORE } from './model/history-storage';
