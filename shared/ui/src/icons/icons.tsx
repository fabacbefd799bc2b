import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in px or any CSS length; default 1.25em so icons follow the text size. */
  size?: number | string;
  /**
   * Accessible name. Without it the icon is decorative (aria-hidden), which is right whenever a
   * text label or an aria-label sits next to it.
   */
  title?: string;
}

export type IconComponent = (props: IconProps) => ReactNode;

/** An icon of the set: the shapes in a 24×24 frame, stroked with the current colour. */
export function createIcon(displayName: string, shapes: ReactNode): IconComponent {
  function Icon({ size = '1.25em', title, className, ...rest }: IconProps) {
    const labelled = title !== undefined && title !== '';
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        className={className ? `ui-icon ${className}` : 'ui-icon'}
        {...(labelled ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {shapes}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

const bubble = <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4z" />;
const circle = <circle cx="12" cy="12" r="9" />;

export const ChatIcon = createIcon('ChatIcon', bubble);
export const QaIcon = createIcon(
  'QaIcon',
  <>
    {bubble}
    <path d="M10 8.5a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2" />
    <path d="M12 13.5h.01" />
  </>,
);
export const TranslateIcon = createIcon(
  'TranslateIcon',
  <>
    <path d="M3 5h9M7.5 3v2M10 5c-.6 3.4-2.7 6.3-6 8M5.5 8.5c1 2 2.8 3.5 5 4.5" />
    <path d="M12.5 21l4-9 4 9M14 18h5" />
  </>,
);
export const AgentsIcon = createIcon(
  'AgentsIcon',
  <>
    <rect x="4" y="8" width="16" height="12" rx="3" />
    <path d="M12 8V4M10.5 4h3M9 13.5h.01M15 13.5h.01M10 17h4M2 13v3M22 13v3" />
  </>,
);
export const CollectionsIcon = createIcon(
  'CollectionsIcon',
  <path d="M12 3l9 4.5-9 4.5-9-4.5zM3 12l9 4.5 9-4.5M3 16.5L12 21l9-4.5" />,
);
export const HomeIcon = createIcon('HomeIcon', <path d="M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5" />);
export const AppsIcon = createIcon(
  'AppsIcon',
  <>
    <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
    <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
    <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
  </>,
);
export const MenuIcon = createIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = createIcon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);
export const PlusIcon = createIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const SearchIcon = createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </>,
);
export const UploadIcon = createIcon('UploadIcon', <path d="M12 15V4M7 9l5-5 5 5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4" />);
export const SettingsIcon = createIcon(
  'SettingsIcon',
  <>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </>,
);
export const AccessibilityIcon = createIcon(
  'AccessibilityIcon',
  <>
    {circle}
    <circle cx="12" cy="7.5" r="1.2" />
    <path d="M7.5 10l4.5 1 4.5-1M12 11v3.5l-2.5 4M12 14.5l2.5 4" />
  </>,
);
export const SignLanguageIcon = createIcon(
  'SignLanguageIcon',
  <path d="M8 13V6.5a1.5 1.5 0 0 1 3 0V11M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v7.5A6.5 6.5 0 0 1 10.5 20h-.3a6 6 0 0 1-4.6-2.2l-2.3-2.9a1.5 1.5 0 0 1 2.3-1.9L8 15" />,
);
export const EasyLanguageIcon = createIcon(
  'EasyLanguageIcon',
  <path d="M3 5h5.5A3.5 3.5 0 0 1 12 8.5V20a2.5 2.5 0 0 0-2.5-2.5H3zM21 5h-5.5A3.5 3.5 0 0 0 12 8.5V20a2.5 2.5 0 0 1 2.5-2.5H21z" />,
);
export const SummarizeIcon = createIcon('SummarizeIcon', <path d="M4 6h16M4 10h16M4 14h10M4 18h6" />);
export const GenerateIcon = createIcon(
  'GenerateIcon',
  <path d="M11 3l1.9 5.1L18 10l-5.1 1.9L11 17l-1.9-5.1L4 10l5.1-1.9zM18.5 15v5M16 17.5h5" />,
);
export const TranscribeIcon = createIcon(
  'TranscribeIcon',
  <>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
  </>,
);
export const ErrorIcon = createIcon(
  'ErrorIcon',
  <>
    {circle}
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </>,
);
export const InfoIcon = createIcon(
  'InfoIcon',
  <>
    {circle}
    <path d="M12 11v5.5M12 7.5h.01" />
  </>,
);
export const SuccessIcon = createIcon(
  'SuccessIcon',
  <>
    {circle}
    <path d="M8 12.5l2.7 2.7L16 9.5" />
  </>,
);
export const LogoutIcon = createIcon('LogoutIcon', <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16.5L5.5 12 10 7.5M5.5 12H15" />);
export const UserIcon = createIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
  </>,
);
export const ChevronDownIcon = createIcon('ChevronDownIcon', <path d="M6 9l6 6 6-6" />);
export const BellIcon = createIcon('BellIcon', <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16zM10 20.5a2 2 0 0 0 4 0" />);
export const GroupsIcon = createIcon(
  'GroupsIcon',
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>,
);

export const ChartIcon = createIcon('ChartIcon', <path d="M4 4v16h16M8 16v-4M12 16V8M16 16v-6" />);

/** The set by name, for navigation entries that name their icon as a string (remote registry). */
export const icons = {
  chat: ChatIcon,
  qa: QaIcon,
  translate: TranslateIcon,
  agents: AgentsIcon,
  collections: CollectionsIcon,
  home: HomeIcon,
  apps: AppsIcon,
  menu: MenuIcon,
  close: CloseIcon,
  plus: PlusIcon,
  search: SearchIcon,
  upload: UploadIcon,
  settings: SettingsIcon,
  accessibility: AccessibilityIcon,
  'sign-language': SignLanguageIcon,
  'easy-language': EasyLanguageIcon,
  summarize: SummarizeIcon,
  generate: GenerateIcon,
  transcribe: TranscribeIcon,
  error: ErrorIcon,
  info: InfoIcon,
  success: SuccessIcon,
  logout: LogoutIcon,
  user: UserIcon,
  'chevron-down': ChevronDownIcon,
} as const satisfies Record<string, IconComponent>;

export type IconName = keyof typeof icons;

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(icons, name);
}

export interface IconByNameProps extends IconProps {
  /** An icon name; an unknown name renders nothing (a registry entry may name an icon this version lacks). */
  name: string;
}

/** Renders an icon of the set by its name. */
export function Icon({ name, ...props }: IconByNameProps) {
  if (!isIconName(name)) return null;
  const Component = icons[name];
  return <Component {...props} />;
}
