/** Why a whole conversation of a file was not imported. */
export const SKIPPED_CONVERSATION_REASONS = ['duplicate', 'empty', 'tooMany', 'tooLarge', 'invalid'] as const;
export type SkippedConversationReason = (typeof SKIPPED_CONVERSATION_REASONS)[number];

/** What of a conversation's messages was not imported (a count of each: images, tool results...). */
export const LEFT_OUT_CONTENTS = ['images', 'files', 'audio', 'toolResults', 'otherContent', 'shortened', 'tooManyMessages', 'attachments'] as const;
export type LeftOutContent = (typeof LEFT_OUT_CONTENTS)[number];

/** What an import file holds that will not be (or was not) imported, counted for the result's words. */
export interface ImportReport {
  skippedConversations: Partial<Record<SkippedConversationReason, number>>;
  leftOut: Partial<Record<LeftOutContent, number>>;
}

export function emptyReport(): ImportReport {
  return { skippedConversations: {}, leftOut: {} };
}

export function countSkipped(report: ImportReport, reason: SkippedConversationReason, count = 1): void {
  if (count > 0) report.skippedConversations[reason] = (report.skippedConversations[reason] ?? 0) + count;
}

export function countLeftOut(report: ImportReport, what: LeftOutContent, count = 1): void {
  if (count > 0) report.leftOut[what] = (report.leftOut[what] ?? 0) + count;
}
