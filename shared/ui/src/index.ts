// The design system's public surface, exported by name. Styles: import '@assistant/ui/styles.css' once in the host.

// Theme
export { applyTheme } from './theme/apply-theme';
export { contrastRatio, parseRgb } from './theme/color';
export { DARK_THEME_COLORS } from './theme/tokens';
export { cx } from './internal/cx';

// Texts
export { useAnnouncer } from './core/use-announcer';
export { downloadBlob, downloadJson, safeFileName } from './core/downloads';
export { readFileText } from './core/read-file-text';
export { UiTextsProvider, UI_TEXTS_DE, UI_TEXTS_EN } from './core/ui-texts';
export type { RenderLink } from './core/render-link';

// Layout and navigation
export { AppLayout } from './components/app-layout';
export { SideNavigation } from './components/side-navigation';
export { PageHeader } from './components/page-header';
export { Tabs } from './components/tabs';
export { LinkTabs } from './components/link-tabs';

// Actions and inputs
export { Button } from './components/button';
export { IconButton } from './components/icon-button';
export { TextField } from './components/text-field';
export { TextArea } from './components/text-area';
export { Select } from './components/select';
export { Checkbox } from './components/checkbox';
export { Switch } from './components/switch';
export { FileImportButton } from './components/file-import-button';
export { FilePickerButton } from './components/file-picker-button';

// Overlays and feedback
export { Dialog } from './components/dialog';
export { ConfirmDialog } from './components/confirm-dialog';
export { ActionConfirmDialog } from './components/action-confirm-dialog';
export { NameDialog, type NameDialogOutcome } from './components/name-dialog';
export { ShareDialog, type ShareDraft } from './components/share-dialog';
export { AnswerRating } from './components/answer-rating';
export { SnackbarHost, type SnackbarItem } from './components/snackbar-host';
export { EmptyState } from './components/empty-state';
export { ErrorState } from './components/error-state';
export { Loading } from './components/loading';
export { ListStates } from './components/list-states';
export { Spinner } from './components/spinner';

// Content
export { Card } from './components/card';
export { Badge, type BadgeProps } from './components/badge';
export { SharingBadge } from './components/sharing-badge';
export { MarkedText } from './components/marked-text';
export { WordDiffView } from './components/word-diff-view';
export { VersionList } from './components/version-list';
export { Markdown } from './components/markdown/markdown';
export { VisuallyHidden } from './components/visually-hidden';

// Document preview (pdf.js is loaded on first use, in its own chunk)
export { DocumentPreview, type DocumentPreviewProps, type PdfDocumentPreviewProps } from './components/document-preview/document-preview';
export { DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN } from './components/document-preview/texts';

// Icons
export {
  Icon,
  isIconName,
  CloseIcon,
  PlusIcon,
  SearchIcon,
  UploadIcon,
  SettingsIcon,
  AccessibilityIcon,
  SignLanguageIcon,
  EasyLanguageIcon,
  SuccessIcon,
  ChevronDownIcon,
  BellIcon,
  GroupsIcon,
  ChartIcon,
} from './icons/icons';
export { AgentIcon } from './icons/agent-icon';
