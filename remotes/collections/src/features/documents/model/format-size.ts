/** Byte counts as people read them: "512 B", "1.5 KB", "20 MB" (binary steps of 1024). */
const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${language}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits });
    formats.set(key, format);
  }
  return format;
}

/** `bytes` in the largest unit that keeps the number at 1 or more, one decimal from KB on (de: "1,5 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat(language, unit === 0 ? 0 : 1).format(value)} ${UNITS[unit]}`;
}
