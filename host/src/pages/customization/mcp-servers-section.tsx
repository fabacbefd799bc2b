import {
  createMcpServerRequestSchema,
  MCP_BEARER_TOKEN_MAX_LENGTH,
  MCP_MAX_SERVERS,
  MCP_SERVER_NAME_MAX_LENGTH,
  MCP_SERVER_URL_MAX_LENGTH,
  type McpServer,
} from '@assistant/contracts';
import { ApiRequestError, notifyError, notifySuccess } from '@assistant/platform';
import { ActionConfirmDialog, Badge, Button, ErrorState, Loading, TextField, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useCreateMcpServer } from './api/create-mcp-server';
import { useDeleteMcpServer } from './api/delete-mcp-server';
import { useMcpServersQuery } from './api/get-mcp-servers';
import { useListMcpServerTools } from './api/list-mcp-server-tools';

/**
 * "Tool servers (MCP)" on /customization: administrators list, add, test ("list tools") and
 * remove the company's MCP servers. The portal's server does the talking to them (docs/mcp.md);
 * a bearer token is sent once when adding and never comes back. Shown only in feature set BETA
 * (the page decides).
 */
export function McpServersSection() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const servers = useMcpServersQuery();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, announce] = useAnnouncer();
  const [removing, setRemoving] = useState<McpServer | null>(null);
  const remove = useDeleteMcpServer();

  return (
    <section className="mcp-servers" aria-labelledby="mcp-servers-title">
      <h2 id="mcp-servers-title" ref={headingRef} tabIndex={-1}>
        {t('CUSTOMIZATION.mcp.title')}
      </h2>
      <p className="mcp-servers__intro">{t('CUSTOMIZATION.mcp.intro')}</p>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {servers.isPending ? (
        <Loading label={t('CUSTOMIZATION.mcp.title')} />
      ) : servers.isError ? (
        <ErrorState title={t('CUSTOMIZATION.mcp.loadFailed')} onRetry={() => void servers.refetch()} />
      ) : servers.data.length === 0 ? (
        <p className="mcp-servers__empty">{t('CUSTOMIZATION.mcp.empty')}</p>
      ) : (
        <ul className="mcp-servers__list" aria-label={t('CUSTOMIZATION.mcp.listLabel')}>
          {servers.data.map((server) => (
            <McpServerItem key={server.id} server={server} onRemove={() => setRemoving(server)} />
          ))}
        </ul>
      )}
      <AddMcpServerForm existing={servers.data ?? []} onAdded={(name) => announce(t('CUSTOMIZATION.mcp.added', { name }))} />
      {removing && (
        <ActionConfirmDialog
          danger
          title={t('CUSTOMIZATION.mcp.removeTitle', { name: removing.name })}
          message={t('CUSTOMIZATION.mcp.removeMessage')}
          confirmLabel={t('CUSTOMIZATION.mcp.remove')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
            } catch (error) {
              // Already gone (another administrator): the list is reloaded either way.
              if (!(error instanceof ApiRequestError && error.code === 'not_found')) return t('CUSTOMIZATION.mcp.removeFailed');
            }
            notifySuccess({ message: { key: 'CUSTOMIZATION.mcp.removed', ns: SHELL_NAMESPACE, values: { name: removing.name } } });
            announce(t('CUSTOMIZATION.mcp.removed', { name: removing.name }));
            return undefined;
          }}
          onClose={() => {
            setRemoving(null);
            // The removed row and its button are gone: focus goes to the section, not to the page's start.
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      )}
    </section>
  );
}

function McpServerItem({ server, onRemove }: { server: McpServer; onRemove(): void }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const test = useListMcpServerTools();
  const resultId = `mcp-server-${server.id}-result`;

  let result: ReactNode = null;
  if (test.isPending) result = <p>{t('CUSTOMIZATION.mcp.testing', { name: server.name })}</p>;
  else if (test.isError) {
    const error = test.error;
    const timedOut = error instanceof ApiRequestError && (error.body?.code === 'upstream_timeout' || error.timedOut);
    const reason = error instanceof ApiRequestError ? (error.body?.message ?? error.detail) : error.message;
    // The server's message (English, for people) says what went wrong: shown as a detail under the localized sentence.
    result = timedOut ? (
      <p className="mcp-servers__failure">{t('CUSTOMIZATION.mcp.testTimedOut', { name: server.name })}</p>
    ) : (
      <>
        <p className="mcp-servers__failure">{t('CUSTOMIZATION.mcp.testFailed', { name: server.name })}</p>
        <p className="mcp-servers__detail">{t('CUSTOMIZATION.mcp.testDetails', { reason })}</p>
      </>
    );
  } else if (test.isSuccess) {
    result =
      test.data.length === 0 ? (
        <p>{t('CUSTOMIZATION.mcp.noTools', { name: server.name })}</p>
      ) : (
        <>
          <p>{t('CUSTOMIZATION.mcp.toolsFound', { name: server.name, count: test.data.length })}</p>
          <ul className="mcp-servers__tools">
            {test.data.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code>
                {tool.description && <span> – {tool.description}</span>}
              </li>
            ))}
          </ul>
        </>
      );
  }

  return (
    <li className="mcp-servers__item">
      <div className="mcp-servers__head">
        <h3 className="mcp-servers__name">{server.name}</h3>
        <Badge variant={server.has_auth ? 'info' : 'neutral'}>
          {server.has_auth ? t('CUSTOMIZATION.mcp.withToken') : t('CUSTOMIZATION.mcp.withoutToken')}
        </Badge>
      </div>
      <p className="mcp-servers__url">{server.url}</p>
      <div className="mcp-servers__actions">
        <Button
          variant="secondary"
          size="sm"
          loading={test.isPending}
          aria-label={t('CUSTOMIZATION.mcp.testLabel', { name: server.name })}
          aria-describedby={resultId}
          onClick={() => test.mutate(server.id)}
        >
          {t('CUSTOMIZATION.mcp.test')}
        </Button>
        <Button variant="danger" size="sm" aria-label={t('CUSTOMIZATION.mcp.removeLabel', { name: server.name })} onClick={onRemove}>
          {t('CUSTOMIZATION.mcp.remove')}
        </Button>
      </div>
      {/* The test's outcome is read out when it arrives. */}
      <div id={resultId} className="mcp-servers__result" aria-live="polite">
        {result}
      </div>
    </li>
  );
}

type AddErrors = Partial<Record<'name' | 'url' | 'bearer_token', string>>;

function AddMcpServerForm({ existing, onAdded }: { existing: McpServer[]; onAdded(name: string): void }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<AddErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateMcpServer();

  const messageFor = (field: keyof AddErrors): string =>
    field === 'name'
      ? t('CUSTOMIZATION.mcp.errors.name', { max: MCP_SERVER_NAME_MAX_LENGTH })
      : field === 'url'
        ? t('CUSTOMIZATION.mcp.errors.url')
        : t('CUSTOMIZATION.mcp.errors.token', { max: MCP_BEARER_TOKEN_MAX_LENGTH });

  const showErrors = (next: AddErrors) => {
    setErrors(next);
    // After React rendered the messages: the first wrong field gets the focus.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createMcpServerRequestSchema.safeParse({ name, url: url.trim(), bearer_token: token });
    if (!parsed.success) {
      const next: AddErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof AddErrors;
        if (field === 'name' || field === 'url' || field === 'bearer_token') next[field] ??= messageFor(field);
      }
      showErrors(next);
      return;
    }
    if (existing.length >= MCP_MAX_SERVERS) {
      showErrors({ name: t('CUSTOMIZATION.mcp.errors.tooMany', { max: MCP_MAX_SERVERS }) });
      return;
    }
    const lower = parsed.data.name.toLocaleLowerCase();
    if (existing.some((server) => server.name.toLocaleLowerCase() === lower)) {
      showErrors({ name: t('CUSTOMIZATION.mcp.errors.duplicate') });
      return;
    }
    try {
      const created = await create.mutateAsync(parsed.data);
      setName('');
      setUrl('');
      setToken('');
      setErrors({});
      notifySuccess({ message: { key: 'CUSTOMIZATION.mcp.added', ns: SHELL_NAMESPACE, values: { name: created.name } } });
      onAdded(created.name);
      nameRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'conflict') {
        showErrors({ name: t('CUSTOMIZATION.mcp.errors.duplicate') });
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'validation_failed' && error.body?.issues?.length) {
        const next: AddErrors = {};
        for (const issue of error.body.issues) {
          const field = (issue.path[0] === 'body' ? issue.path[1] : issue.path[0]) as keyof AddErrors;
          if (field === 'name' || field === 'url' || field === 'bearer_token') next[field] ??= messageFor(field);
        }
        showErrors(next);
        return;
      }
      notifyError(error);
    }
  }

  return (
    <form ref={formRef} className="shell-form mcp-servers__form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset>
        <legend>{t('CUSTOMIZATION.mcp.addTitle')}</legend>
        <TextField
          ref={nameRef}
          label={t('CUSTOMIZATION.mcp.name')}
          description={t('CUSTOMIZATION.mcp.nameHint')}
          value={name}
          required
          maxLength={MCP_SERVER_NAME_MAX_LENGTH}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('CUSTOMIZATION.mcp.url')}
          description={t('CUSTOMIZATION.mcp.urlHint')}
          type="url"
          inputMode="url"
          value={url}
          required
          maxLength={MCP_SERVER_URL_MAX_LENGTH}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label={t('CUSTOMIZATION.mcp.token')}
          description={t('CUSTOMIZATION.mcp.tokenHint')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          maxLength={MCP_BEARER_TOKEN_MAX_LENGTH}
          error={errors.bearer_token}
          onChange={(e) => setToken(e.target.value)}
        />
        <div>
          <Button type="submit" loading={create.isPending}>
            {t('CUSTOMIZATION.mcp.add')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
