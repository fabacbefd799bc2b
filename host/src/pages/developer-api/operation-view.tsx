import type { OpenApiDocument, OpenApiSchema } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { errorCodesOf, type ApiOperation } from './api-operations';
import { SchemaView } from './schema-view';

function MediaSchemas({ content, document }: { content: Record<string, { schema?: OpenApiSchema | undefined }> | undefined; document: OpenApiDocument }) {
  if (!content) return null;
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type} className="developer-api__media">
          <code className="developer-api__media-type">{type}</code>
          {media.schema && <SchemaView schema={media.schema} document={document} />}
        </div>
      ))}
    </>
  );
}

/** What one operation takes and answers: sign-in, parameters, body, success answers, error answers with their codes. */
export function OperationView({ item, document }: { item: ApiOperation; document: OpenApiDocument }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { operation } = item;
  const parameters = operation.parameters ?? [];
  const responses = Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b));
  const successes = responses.filter(([status]) => Number(status) < 400);
  const failures = responses.filter(([status]) => Number(status) >= 400);
  const isPublic = operation.security?.length === 0;
  return (
    <div className="developer-api__operation-body">
      {operation.description && <p>{operation.description}</p>}
      <p className="developer-api__sign-in">{isPublic ? t('DEVELOPER_API.public') : t('DEVELOPER_API.signedIn')}</p>

      {parameters.length > 0 && (
        <>
          <h4>{t('DEVELOPER_API.parameters')}</h4>
          <ul className="developer-api__properties">
            {parameters.map((parameter) => (
              <li key={`${parameter.in} ${parameter.name}`}>
                <code className="developer-api__name">{parameter.name}</code>{' '}
                <span className="developer-api__in">{t(`DEVELOPER_API.in.${parameter.in}`)}</span>{' '}
                <span className={parameter.required ? 'developer-api__required' : 'developer-api__optional'}>
                  {parameter.required ? t('DEVELOPER_API.schema.required') : t('DEVELOPER_API.schema.optional')}
                </span>
                {parameter.schema && <SchemaView schema={parameter.schema} document={document} depth={1} />}
              </li>
            ))}
          </ul>
        </>
      )}

      {operation.requestBody && (
        <>
          <h4>{t('DEVELOPER_API.body')}</h4>
          <MediaSchemas content={operation.requestBody.content} document={document} />
        </>
      )}

      <h4>{t('DEVELOPER_API.responses')}</h4>
      <ul className="developer-api__responses">
        {successes.map(([status, response]) => (
          <li key={status}>
            <span className="developer-api__status developer-api__status--ok">{status}</span> {response.description}
            <MediaSchemas content={response.content} document={document} />
          </li>
        ))}
      </ul>

      <h4>{t('DEVELOPER_API.errors')}</h4>
      <ul className="developer-api__responses">
        {failures.map(([status, response]) => {
          const codes = errorCodesOf(response.content?.['application/json']?.schema);
          return (
            <li key={status}>
              <span className="developer-api__status developer-api__status--error">{status}</span>{' '}
              {codes.length > 0 ? (
                <span className="developer-api__codes">
                  {codes.map((code) => (
                    <code key={code}>{code}</code>
                  ))}
                </span>
              ) : (
                <MediaSchemas content={response.content} document={document} />
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
