/**
 * A small Server-Sent Events reader for OpenAI-compatible chat streams: the `data:` payloads of a
 * byte stream, one string per event (multi-line data joined with `\n`), until `data: [DONE]`.
 * Comments (`:`) and other fields are skipped; the `event:` name is given with the data (an
 * `error` event is the endpoint's failure). What the openai SDK's decoder does for chat
 * completions, without its layers (measured in bench/chat-proxy/decoder.ts).
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ event: string | undefined; data: string }> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let event: string | undefined;
  let done = false;
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let start = 0;
    for (;;) {
      const newline = buffer.indexOf('\n', start);
      if (newline === -1) break;
      let line = buffer.slice(start, newline);
      start = newline + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data.length > 0) {
          const payload = data.length === 1 ? data[0]! : data.join('\n');
          // After [DONE] the body is still read to its end (nothing more is yielded), so the
          // connection goes back to the keep-alive pool instead of being cut.
          if (payload.startsWith('[DONE]')) done = true;
          else if (!done) yield { event, data: payload };
        }
        data = [];
        event = undefined;
        continue;
      }
      if (line.startsWith('data:')) data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      else if (line.startsWith('event:')) event = line.slice(line.charCodeAt(6) === 32 ? 7 : 6);
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.decode();
  // A last line without its newline.
  if (buffer.startsWith('data:')) data.push(buffer.charCodeAt(5) === 32 ? buffer.slice(6) : buffer.slice(5));
  if (data.length > 0) {
    const payload = data.join('\n');
    if (!done && !payload.startsWith('[DONE]')) yield { event, data: payload };
  }
}
