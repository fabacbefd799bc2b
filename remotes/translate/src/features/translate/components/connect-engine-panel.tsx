import { Card } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

const ENGINES = [
  { key: 'llm', variables: ['OPENAI_BASE_URL', 'OPENAI_API_KEY'] },
  { key: 'deepl', variables: ['DEEPL_API_KEY'] },
  { key: 'libretranslate', variables: ['LIBRETRANSLATE_URL'] },
] as const;

/** For administrators: how to connect a translation engine on the server. */
export function ConnectEnginePanel() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Card title={t('connect.title')} className="translate-connect">
      <p>{t('connect.intro')}</p>
      <ul className="translate-connect__list">
        {ENGINES.map((engine) => (
          <li key={engine.key}>
            <strong>{t(`connect.${engine.key}.name`)}</strong>
            {': '}
            {engine.variables.map((variable, i) => (
              <span key={variable}>
                {i > 0 && ', '}
                <code>{variable}</code>
              </span>
            ))}
            {' – '}
            {t(`connect.${engine.key}.text`)}
          </li>
        ))}
      </ul>
      <p>{t('connect.readme')}</p>
    </Card>
  );
}
