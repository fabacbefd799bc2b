import { myUsageQuery, useMarkBudgetNoticeSeen } from '@assistant/endpoints';
import { useNotificationsStore, useQuery } from '@assistant/platform';
import { useNavigate } from '@assistant/routing';
import { useEffect, useRef, useState } from 'react';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { addUsageTexts } from '../pages/usage/usage-texts';

/**
 * The 80 % notice: once a month, when GET /api/usage/me says `notice_due`, an info notification
 * "You have used 83 % of your monthly budget; it resets on 1 December 2026" with a link to the
 * "Usage and data" page, then PUT /api/usage/me/notice-seen. The query asks every few minutes and
 * when the window gets focus (its one definition in `@assistant/endpoints`). The header loads this
 * after the first paint, a chunk of its own: the shell's start-up carries none of it. It draws
 * nothing itself.
 */
export function BudgetNotice() {
  useState(addUsageTexts);
  const usage = useQuery(myUsageQuery());
  const { mutate: markSeen } = useMarkBudgetNoticeSeen();
  const navigate = useNavigate();
  // Shown once per page, even while the server's "seen" is on its way (or failed).
  const shown = useRef(false);
  const due = usage.data?.notice_due === true ? usage.data.budget : null;

  useEffect(() => {
    if (!due || shown.current) return;
    shown.current = true;
    useNotificationsStore.getState().notify('info', {
      // Past 80 % and 100 % between two looks (one long answer): "used up", not "103 %".
      message: { key: due.percent >= 100 ? 'USAGE.notice.exhausted' : 'USAGE.notice.text', ns: SHELL_NAMESPACE, values: { percent: due.percent, resetsAt: due.resets_at } },
      action: { labelKey: 'USAGE.notice.show', ns: SHELL_NAMESPACE, onAction: () => void navigate('/usage') },
    });
    markSeen();
  }, [due, markSeen, navigate]);

  return null;
}
