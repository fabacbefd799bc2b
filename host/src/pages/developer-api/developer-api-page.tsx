import type { OpenApiDocument } from '@assistant/contracts';
import { useDocumentTitle } from '@assistant/platform';
import { Button, EmptyState, ListStates, PageHeader, TextField, downloadJson } from '@assistant/ui';
import { Fragment, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useOpenApiDocumentQuery } from './api/get-openapi-document';
import { groupOperations, matchesQuery, type ApiOperation } from './api-operations';
import { addDeveloperApiTexts } from './developer-api-texts';
import { OperationView } from './operation-view';
import './developer-api.css';

/** One operation, its details rendered once opened (a hundred schemas at once would slow the page). */
function OperationItem({ item, document }: { item: ApiOperation; document: OpenApiDocument }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="developer-api__operation" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className={`developer-api__method developer-api__method--${item.method}`}>{item.method.toUpperCase()}</span>
        <code className="developer-api__path">
          {item.path.split('/').map((segment, index) => (
            // A long path breaks after a slash on a phone, never inside a word.
            <Fragment key={index}>
              {index > 0 && (
                <>
                  /<wbr />
                </>
              )}
              {segment}
            </Fragment>
          ))}
        </code>
        {item.operation.summary && <span className="developer-api__summary">{item.operation.summary}</span>}
      </summary>
      {open && <OperationView item={item} document={document} />}
    </details>
  );
}

/**
 * `/developer/api`: the server's OpenAPI document (GET /api/openapi.json) for people who build on
 * the assistant: every operation grouped by tag, with its parameters, body, answers and error
 * codes, searchable, and the document itself to download (docs/api.md).
 */
export function DeveloperApiPage() {
  // Before the first translation: the page's texts come with its chunk.
  useState(addDeveloperApiTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('DEVELOPER_API.title'));
  const query = useOpenApiDocumentQuery();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const groups = useMemo(() => (query.data ? groupOperations(query.data) : []), [query.data]);
  const shown = groups
    .map((group) => ({ ...group, operations: group.operations.filter((operation) => matchesQuery(operation, deferred)) }))
    .filter((group) => group.operations.length > 0);
  const count = shown.reduce((sum, group) => sum + group.operations.length, 0);
  const document = query.data;

  return (
    <section className="shell-page developer-api">
      <PageHeader
        title={t('DEVELOPER_API.title')}
        description={document ? t('DEVELOPER_API.description', { title: document.info.title, version: document.info.version }) : undefined}
        actions={
          document && (
            <Button variant="secondary" onClick={() => downloadJson(document, 'openapi.json')}>
              {t('DEVELOPER_API.download')}
            </Button>
          )
        }
      />
      <p>{t('DEVELOPER_API.intro')}</p>
      <ListStates
        list={{
          status: query.isPending ? 'loading' : query.isError ? 'failed' : 'ready',
          error: query.isError ? t('DEVELOPER_API.failedText') : undefined,
          reloading: query.isFetching,
          reload: () => void query.refetch(),
        }}
        texts={{ loading: t('DEVELOPER_API.loading'), failed: t('DEVELOPER_API.failed'), retry: t('DEVELOPER_API.retry') }}
        empty={null}
        headingLevel={2}
      >
        <TextField
          type="search"
          label={t('DEVELOPER_API.search')}
          description={t('DEVELOPER_API.searchHint')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="developer-api__search"
        />
        <p role="status" className="developer-api__count">
          {t('DEVELOPER_API.count', { count })}
        </p>
        {document && count === 0 && <EmptyState headingLevel={2} title={t('DEVELOPER_API.noneTitle')} text={t('DEVELOPER_API.noneText', { query: deferred.trim() })} />}
        {document &&
          shown.map((group) => (
            <section key={group.tag} className="developer-api__group" aria-labelledby={`api-tag-${group.tag}`}>
              <h2 id={`api-tag-${group.tag}`}>{group.tag}</h2>
              <ul role="list" className="developer-api__operations">
                {group.operations.map((item) => (
                  <li key={item.id}>
                    <OperationItem item={item} document={document} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </ListStates>
    </section>
  );
}
