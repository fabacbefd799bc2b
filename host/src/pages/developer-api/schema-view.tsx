import type { OpenApiDocument, OpenApiSchema } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { resolveSchema } from './api-operations';

/** How deep nested objects are shown; deeper ones say "object" only (the document has them all). */
const MAX_DEPTH = 6;

function typeOf(schema: OpenApiSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  if (types.length > 0) return types.join(' | ');
  if (schema.properties) return 'object';
  return '';
}

/** The schema's rules in a few words: format, allowed values, bounds, pattern, default. */
function Rules({ schema }: { schema: OpenApiSchema }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const rules: string[] = [];
  if (schema.format) rules.push(t('DEVELOPER_API.schema.format', { format: schema.format }));
  if (schema.enum) rules.push(t('DEVELOPER_API.schema.values', { values: schema.enum.map((value) => JSON.stringify(value)).join(', ') }));
  const low = schema.minLength ?? schema.minItems ?? schema.minimum;
  const high = schema.maxLength ?? schema.maxItems ?? schema.maximum;
  if (low !== undefined && low !== 0) rules.push(t('DEVELOPER_API.schema.min', { value: low }));
  if (high !== undefined && high < Number.MAX_SAFE_INTEGER) rules.push(t('DEVELOPER_API.schema.max', { value: high }));
  if (schema.pattern && !schema.format) rules.push(t('DEVELOPER_API.schema.pattern', { pattern: schema.pattern }));
  if (schema.default !== undefined) rules.push(t('DEVELOPER_API.schema.default', { value: JSON.stringify(schema.default) }));
  if (rules.length === 0) return null;
  return <span className="developer-api__rules">{rules.join(' · ')}</span>;
}

/**
 * A JSON Schema as a readable tree: each property with its type, whether it is required, its
 * rules and its description; arrays by their items, unions by their choices.
 */
export function SchemaView({ schema, document, depth = 0 }: { schema: OpenApiSchema; document: OpenApiDocument; depth?: number }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const shown = resolveSchema(schema, document);
  const choices = shown.anyOf ?? shown.oneOf;
  if (choices) {
    return (
      <div className="developer-api__schema">
        <span className="developer-api__type">{t('DEVELOPER_API.schema.oneOf')}</span>
        <ul className="developer-api__choices">
          {choices.map((choice, index) => (
            <li key={index}>
              <SchemaView schema={choice} document={document} depth={depth + 1} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (shown.allOf) {
    return (
      <div className="developer-api__schema">
        {shown.allOf.map((part, index) => (
          <SchemaView key={index} schema={part} document={document} depth={depth + 1} />
        ))}
      </div>
    );
  }
  const type = typeOf(shown);
  const items = typeof shown.items === 'object' ? shown.items : undefined;
  const properties = Object.entries(shown.properties ?? {});
  const record = typeof shown.additionalProperties === 'object' && properties.length === 0 ? shown.additionalProperties : undefined;
  const required = new Set(shown.required ?? []);
  return (
    <div className="developer-api__schema">
      <span className="developer-api__type">{items ? t('DEVELOPER_API.schema.arrayOf') : type || t('DEVELOPER_API.schema.any')}</span> <Rules schema={shown} />
      {shown.description && <p className="developer-api__description">{shown.description}</p>}
      {items && depth < MAX_DEPTH && <SchemaView schema={items} document={document} depth={depth + 1} />}
      {record && depth < MAX_DEPTH && (
        <div className="developer-api__nested">
          <span className="developer-api__type">{t('DEVELOPER_API.schema.mapOf')}</span>
          <SchemaView schema={record} document={document} depth={depth + 1} />
        </div>
      )}
      {properties.length > 0 && depth < MAX_DEPTH && (
        <ul className="developer-api__properties">
          {properties.map(([name, property]) => (
            <li key={name}>
              <code className="developer-api__name">{name}</code>{' '}
              <span className={required.has(name) ? 'developer-api__required' : 'developer-api__optional'}>
                {required.has(name) ? t('DEVELOPER_API.schema.required') : t('DEVELOPER_API.schema.optional')}
              </span>
              <SchemaView schema={property} document={document} depth={depth + 1} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
