import type { DeepResearchStage } from '@assistant/contracts';
import { VisuallyHidden, cx } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** The run's stages as an ordered list: the current one marked (aria-current="step"), the ones before it done. */
export function ResearchSteps({ steps, current, final }: { steps: readonly DeepResearchStage[]; current: DeepResearchStage; final: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const position = steps.indexOf(current);
  return (
    <ol className="research__steps" aria-label={t('research.stages.label')}>
      {steps.map((step, index) => {
        const done = index < position || (final && index === position);
        return (
          <li
            key={step}
            className={cx('research__step', done && 'research__step--done', index === position && 'research__step--current')}
            aria-current={index === position ? 'step' : undefined}
          >
            {t(`research.stages.${step}`)}
            {done && <VisuallyHidden> ({t('research.stages.done')})</VisuallyHidden>}
          </li>
        );
      })}
    </ol>
  );
}
