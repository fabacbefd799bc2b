import { GENERATE_TEMPLATE_IDS, generateFieldIssues, generateTemplate, useCaseLanguageSchema, type GenerateTemplateId, type UseCaseLanguage } from '@assistant/contracts';
import { useDocumentTitle, useTextStream } from '@assistant/platform';
import { Button, PageHeader, Select } from '@assistant/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { generateText } from '../features/generate/api/generate-text';
import { TemplateField } from '../features/generate/components/template-field';
import { USE_CASE_FAILURES } from '../features/result/model/failure';
import { askedText } from '../features/result/model/asked-text';
import { fieldMessage } from '../features/result/model/field-message';
import { StreamResult } from '../features/result/components/stream-result';
import '../usecases.css';

/**
 * /usecases/generate (flag enableExtensibleGenerate): pick a template (GENERATE_TEMPLATES), fill
 * its short form (checked with the contracts' generateFieldIssues, as the server checks it), and
 * the text streams in.
 */
export default function GeneratePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(t('generate.title'));
  const language: UseCaseLanguage = i18n.language === 'en' ? 'en' : 'de';
  const [templateId, setTemplateId] = useState<GenerateTemplateId | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outputLanguage, setOutputLanguage] = useState<UseCaseLanguage>(language);
  const stream = useTextStream(USE_CASE_FAILURES);
  // The template and the fields the running text was asked with (a rating shared with the administrators carries them).
  const [asked, setAsked] = useState('');
  const template = templateId ? generateTemplate(templateId) : undefined;
  const running = stream.status === 'running';

  const pick = (id: GenerateTemplateId) => {
    setTemplateId(id);
    setValues({});
    setErrors({});
    stream.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!template || !templateId || running) return;
    const fields = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    const issues = generateFieldIssues(template, fields);
    setErrors(Object.fromEntries(issues.map((issue) => [issue.field, fieldMessage(t, issue.message)])));
    if (issues.length > 0) {
      const first = template.fields.find((field) => issues.some((issue) => issue.field === field.name));
      if (first) document.querySelector<HTMLElement>(`[data-field="${first.name}"] input, [data-field="${first.name}"] textarea, [data-field="${first.name}"] select`)?.focus();
      return;
    }
    setAsked(askedText(template.label[language], fields));
    void stream.start((signal) => generateText({ template: templateId, fields, language: outputLanguage }, signal));
  };

  return (
    <section className="usecases">
      <PageHeader title={t('generate.title')} description={t('generate.intro')} />
      <h2 className="usecases__subheading">{t('generate.templates')}</h2>
      <ul className="usecases__cards" aria-label={t('generate.templates')}>
        {GENERATE_TEMPLATE_IDS.map((id) => {
          const definition = generateTemplate(id)!;
          return (
            <li key={id}>
              <button type="button" className="usecases__card" aria-pressed={templateId === id} onClick={() => pick(id)}>
                <span className="usecases__card-title">{definition.label[language]}</span>
                <span className="usecases__card-text">{definition.description[language]}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {template && (
        <form className="usecases__form" onSubmit={submit} aria-label={template.label[language]} noValidate>
          <h2 className="usecases__subheading">{template.label[language]}</h2>
          {template.fields.map((field) => (
            <div key={field.name} data-field={field.name}>
              <TemplateField
                field={field}
                value={values[field.name] ?? ''}
                error={errors[field.name]}
                onChange={(value) => {
                  setValues((before) => ({ ...before, [field.name]: value }));
                  if (errors[field.name]) setErrors(({ [field.name]: _dropped, ...rest }) => rest);
                }}
              />
            </div>
          ))}
          <div className="usecases__row">
            <Select
              label={t('language')}
              value={outputLanguage}
              options={[
                { value: 'de', label: t('languages.de') },
                { value: 'en', label: t('languages.en') },
              ]}
              onChange={(event) => setOutputLanguage(useCaseLanguageSchema.parse(event.target.value))}
            />
          </div>
          <div className="usecases__actions">
            <Button type="submit" loading={running} disabled={running}>
              {t('generate.submit')}
            </Button>
          </div>
        </form>
      )}
      {template && <StreamResult stream={stream} title={t('generate.result')} lang={outputLanguage} emptyText={t('generate.emptyText')} canvasTitle={template.label[language]} rateAs={{ feature: 'generate', question: asked }} />}
    </section>
  );
}
