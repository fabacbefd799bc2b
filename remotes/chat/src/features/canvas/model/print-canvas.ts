/**
 * Prints a canvas: its rendered document (the editor's own HTML, made by ProseMirror from its
 * schema) in a hidden frame with plain print styles, so the portal around it is not printed.
 */
export function printCanvas(title: string, documentHtml: string, language: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.append(frame);
  const target = frame.contentDocument!;
  target.documentElement.lang = language;
  target.title = title;
  const style = target.createElement('style');
  style.textContent = [
    'body{font:11pt/1.5 system-ui,sans-serif;color:#000;margin:0}',
    'table{border-collapse:collapse}td,th{border:1px solid #999;padding:4px 8px;text-align:left}',
    'pre{background:#f3f4f6;padding:8px;white-space:pre-wrap}code{font-family:Consolas,monospace}',
    'blockquote{border-left:3px solid #999;margin-left:0;padding-left:12px}',
  ].join('\n');
  target.head.append(style);
  target.body.innerHTML = documentHtml;
  const remove = () => frame.remove();
  frame.contentWindow!.addEventListener('afterprint', remove, { once: true });
  frame.contentWindow!.focus();
  frame.contentWindow!.print();
  // Some browsers print without an afterprint event; the frame goes a minute later in any case.
  setTimeout(remove, 60_000);
}
