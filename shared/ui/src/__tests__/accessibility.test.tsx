import { useState } from 'react';
import axe from 'axe-core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AppLayout,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Dialog,
  EmptyState,
  ErrorState,
  Icon,
  IconButton,
  LinkTabs,
  Loading,
  PageHeader,
  Select,
  SideNavigation,
  SnackbarHost,
  Switch,
  Tabs,
  TextArea,
  TextField,
  UI_TEXTS_EN,
  UiTextsProvider,
  VisuallyHidden,
  PlusIcon,
  SearchIcon,
} from '../index';
import { Skeleton } from '../components/skeleton';
import { Snackbar } from '../components/snackbar';
import { CollectionsIcon, LogoutIcon, UserIcon, icons } from '../icons/icons';

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run.
const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];

async function violations(context: axe.ElementContext = document) {
  const result = await axe.run(context, {
    rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])),
  });
  // Guard against a vacuous pass: the rules really ran on the page.
  expect(result.passes.length).toBeGreaterThan(15);
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.html),
  }));
}

function Page() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  return (
    <UiTextsProvider texts={UI_TEXTS_EN}>
      <AppLayout
        header={
          <>
            <span className="brand">Assistant</span>
            <IconButton aria-label="Account" icon={<UserIcon />} />
            <IconButton aria-label="Sign out" icon={<LogoutIcon />} />
          </>
        }
        sidebar={
          <SideNavigation
            label="Main navigation"
            items={Object.entries(icons)
              .slice(0, 6)
              .map(([name, IconComponent], index) => ({
                id: name,
                href: `/${name}`,
                label: name,
                icon: <IconComponent />,
                active: index === 1,
                badge: index === 2 ? <Badge variant="primary">Beta</Badge> : undefined,
              }))}
            footer={<span>Version 3.244.1-alpha.0</span>}
          />
        }
      >
        <PageHeader
          title="Collections"
          description="Documents the assistant can search."
          actions={
            <>
              <Button icon={<PlusIcon />} onClick={() => setDialogOpen(true)}>
                New collection
              </Button>
              <Button variant="danger" onClick={() => setConfirmOpen(true)}>
                Delete all
              </Button>
            </>
          }
        />
        <LinkTabs
          label="Collection type"
          items={[
            { id: 'personal', href: '/collections/personal', label: 'Personal', active: true },
            { id: 'company', href: '/collections/company', label: 'Company' },
          ]}
        />
        <Tabs
          label="Views"
          items={[
            { id: 'list', label: 'List', content: <EmptyState icon={<CollectionsIcon />} title="No collections yet" text="Create one to upload documents." action={<Button variant="secondary">Create collection</Button>} /> },
            { id: 'errors', label: 'Errors', content: <ErrorState title="Could not load" message="The server did not answer." onRetry={() => {}} /> },
            { id: 'off', label: 'Disabled', content: null, disabled: true },
          ]}
        />
        <Card title="Settings" footer={<Button variant="ghost">Reset</Button>}>
          <form onSubmit={(event) => event.preventDefault()}>
            <TextField label="Name" description="Shown in the list." error="Please enter a name." required maxLength={50} showCount />
            <TextField label="Search" hideLabel type="search" placeholder="Search" />
            <TextArea label="Description" showCount maxLength={500} />
            <Select
              label="Language"
              placeholder="Choose a language"
              options={[
                { value: 'de', label: 'Deutsch' },
                { value: 'en', label: 'English' },
              ]}
            />
            <Checkbox label="Share with my team" description="Team members can read it." />
            <Switch label="Notify me" defaultChecked />
            <Button type="submit" loading>
              Save
            </Button>
            <Button size="sm" variant="secondary" disabled>
              Disabled
            </Button>
            <IconButton aria-label="Search" icon={<SearchIcon />} variant="secondary" />
          </form>
        </Card>
        <Card>
          <Loading />
          <Loading label="Loading documents" showLabel size="lg" />
          <Skeleton lines={3} />
          <Skeleton lines={2} label="Loading list" />
          <Badge>3</Badge> <Badge variant="success">Ready</Badge> <Badge variant="error">Failed</Badge>{' '}
          <Badge variant="info">New</Badge>
          <Icon name="sign-language" title="Sign language" />
          <Icon name="easy-language" />
          <VisuallyHidden>Only for screen readers</VisuallyHidden>
          <Snackbar message="Inline snackbar" variant="info" />
        </Card>
        <Dialog
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          title="New collection"
          description="Give the collection a name."
          footer={
            <>
              <Button variant="secondary" onClick={() => setDialogOpen(false)}>
                Cancel
              </Button>
              <Button>Create</Button>
            </>
          }
        >
          <TextField label="Collection name" />
        </Dialog>
        <ConfirmDialog
          open={confirmOpen}
          title="Delete all collections?"
          message="This cannot be undone."
          danger
          confirmLabel="Delete"
          onConfirm={() => setConfirmOpen(false)}
          onCancel={() => setConfirmOpen(false)}
        />
      </AppLayout>
      <SnackbarHost
        items={[
          { id: '1', variant: 'success', message: 'Saved' },
          { id: '2', variant: 'error', message: 'Upload failed', action: { label: 'Retry', onClick: () => {} } },
          { id: '3', variant: 'info', message: 'Copied' },
        ]}
        onClose={() => {}}
      />
    </UiTextsProvider>
  );
}

describe('axe-core on a page composed of all components', () => {
  beforeEach(() => {
    document.documentElement.lang = 'en';
    document.title = 'Collections - Assistant';
  });

  it('has no violations', async () => {
    render(<Page />);
    expect(await violations()).toEqual([]);
  });

  it('has no violations with the dialog open', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    expect(screen.getByRole('dialog', { name: 'New collection' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('has no violations with the confirm dialog open and the sidebar closed', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Navigation' }));
    await user.click(screen.getByRole('button', { name: 'Delete all' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });
});
