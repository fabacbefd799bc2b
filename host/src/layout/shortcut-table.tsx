import { KEYBOARD_SHORTCUTS, shortcutKeys } from '@assistant/platform';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { addShortcutTexts } from './shortcut-texts';
import './shortcuts.css';

addShortcutTexts();

/**
 * The keyboard shortcuts as a table per scope (anywhere, in the chat): what each does and its keys
 * (`<kbd>`, "Strg" in German, ⌘ on macOS). The shortcut dialog and the accessibility statement show it.
 */
export function ShortcutTable({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const keyName = (key: string) => t(`SHORTCUTS.key.${key}`, { defaultValue: key });
  return (
    <div className="shell-shortcuts">
      {(['everywhere', 'chat'] as const).map((scope) => (
        <section key={scope} aria-labelledby={`shell-shortcuts-${scope}`}>
          <Heading id={`shell-shortcuts-${scope}`} className="shell-shortcuts__scope">
            {t(`SHORTCUTS.scope.${scope}`)}
          </Heading>
          <table className="shell-shortcuts__table">
            <thead>
              <tr>
                <th scope="col">{t('SHORTCUTS.action')}</th>
                <th scope="col">{t('SHORTCUTS.keys')}</th>
              </tr>
            </thead>
            <tbody>
              {KEYBOARD_SHORTCUTS.filter((shortcut) => shortcut.scope === scope).map(({ id }) => (
                <tr key={id}>
                  <th scope="row">{t(`SHORTCUTS.id.${id}`)}</th>
                  <td>
                    {shortcutKeys(id).map((combo, index) => (
                      <Fragment key={combo.join('+')}>
                        {index > 0 && ` ${t('SHORTCUTS.or')} `}
                        <kbd>
                          {combo.map((key, at) => (
                            <Fragment key={key}>
                              {at > 0 && '+'}
                              <kbd>{keyName(key)}</kbd>
                            </Fragment>
                          ))}
                        </kbd>
                      </Fragment>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
