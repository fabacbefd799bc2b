// The design system's public surface, exported by name. Styles: import '@assistant/ui/styles.css' once in the host.

// Theme
export { applyTheme, themeVariables, fontFamilyValue, fontSizeValue, type ThemeCustomization } from './theme/apply-theme';
export {
  THEME_COLOR_TOKENS,
  DEFAULT_THEME_COLORS,
  FONT_FALLBACK_STACK,
  colorVariable,
  toColorToken,
  type ThemeColorToken,
} from './theme/tokens';
export { isSafeColor, contrastRatio } from './theme/color';
export { cx } from './internal/cx';

// Texts
export { useAnnouncer } from './core/use-announcer';
export { downloadBlob, downloadJson, safeFileName } from './core/downloads';
export { readFileText } from './core/read-file-text';
export { UiTextsProvider, useUiTexts, UI_TEXTS_DE, UI_TEXTS_EN, type UiTexts, type UiTextsProviderProps } from './core/ui-texts';
export type { RenderLink, RenderLinkProps } from './core/render-link';

// Layout and navigation
export { AppLayout, type AppLayoutProps } from './components/app-layout';
export { SideNavigation, type SideNavigationProps, type SideNavigationItem } from './components/side-navigation';
export { PageHeader, type PageHeaderProps } from './components/page-header';
export { Tabs, type TabsProps, type TabItem } from './components/tabs';
export { LinkTabs, type LinkTabsProps, type LinkTabItem } from './components/link-tabs';

// Actions and inputs
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './components/button';
export { IconButton, type IconButtonProps } from './components/icon-button';
export { TextField, type TextFieldProps } from './components/text-field';
export { TextArea, type TextAreaProps } from './components/text-area';
export { Select, type SelectProps, type SelectOption } from './components/select';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export { Switch, type SwitchProps } from './components/switch';
export { FileImportButton, type FileImportButtonProps } from './components/file-import-button';

// Overlays and feedback
export { Dialog, type DialogProps } from './components/dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { ActionConfirmDialog, type ActionConfirmDialogProps } from './components/action-confirm-dialog';
export { NameDialog, type NameDialogOutcome, type NameDialogProps } from './components/name-dialog';
export { Snackbar, type SnackbarProps, type SnackbarVariant, type SnackbarAction } from './components/snackbar';
export { SnackbarHost, type SnackbarHostProps, type SnackbarItem } from './components/snackbar-host';
export { EmptyState, type EmptyStateProps } from './components/empty-state';
export { ErrorState, type ErrorStateProps } from './components/error-state';
export { Loading, type LoadingProps } from './components/loading';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Skeleton, type SkeletonProps } from './components/skeleton';

// Content
export { Card, type CardProps } from './components/card';
export { Badge, type BadgeProps } from './components/badge';
export { MarkedText, type MarkedTextProps } from './components/marked-text';
export { WordDiffView, type WordDiffViewProps } from './components/word-diff-view';
export { VersionList, type VersionListProps, type VersionListItem } from './components/version-list';
export { wordDiff, shortenUnchanged, type DiffPart, type WordDiffCounts } from './core/word-diff';
export { Markdown, type MarkdownProps } from './components/markdown/markdown';
export { VisuallyHidden, type VisuallyHiddenProps } from './components/visually-hidden';

// Document preview (pdf.js is loaded on first use, in its own chunk)
export {
  DocumentPreview,
  type DocumentPreviewProps,
  type PdfDocumentPreviewProps,
  type TextDocumentPreviewProps,
  type DocumentPreviewSource,
  type TextSource,
} from './components/document-preview/document-preview';
export type { PdfSource } from './components/document-preview/load-pdf';
export type { PdfHighlight } from './components/document-preview/pdf-preview';
export type { TextHighlight, HighlightBox } from './components/document-preview/highlight-ranges';
export {
  DOCUMENT_PREVIEW_TEXTS_DE,
  DOCUMENT_PREVIEW_TEXTS_EN,
  type DocumentPreviewTexts,
} from './components/document-preview/texts';

// Icons
export {
  Icon,
  icons,
  isIconName,
  ChatIcon,
  QaIcon,
  TranslateIcon,
  AgentsIcon,
  CollectionsIcon,
  HomeIcon,
  AppsIcon,
  MenuIcon,
  CloseIcon,
  PlusIcon,
  SearchIcon,
  UploadIcon,
  SettingsIcon,
  AccessibilityIcon,
  SignLanguageIcon,
  EasyLanguageIcon,
  SummarizeIcon,
  GenerateIcon,
  TranscribeIcon,
  ErrorIcon,
  InfoIcon,
  SuccessIcon,
  LogoutIcon,
  UserIcon,
  ChevronDownIcon,
  type IconProps,
  type IconComponent,
  type IconName,
  type IconByNameProps,
} from './icons/icons';
