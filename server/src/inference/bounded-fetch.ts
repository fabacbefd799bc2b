/**
 * A fetch for the model SDK whose whole (not streamed) answers may be at most `maxBytes` long:
 * the SDK reads such an answer into memory before anyone sees it, so its size is checked while it
 * arrives and the request is cancelled past the limit (`tooLong()` is thrown). Streamed answers
 * (`text/event-stream`) pass untouched: the provider counts their text as it goes.
 */
export function boundedFetch(maxBytes: number, tooLong: () => Error, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body || /text\/event-stream/i.test(response.headers.get('content-type') ?? '')) return response;
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw tooLong();
    }
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooLong());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * A whole body as text, at most `maxBytes` (else `tooLong()` is thrown and the body cancelled):
 * what boundedFetch does for the SDK, without a TransformStream and a second Response per call.
 */
export async function readBounded(response: Response, maxBytes: number, tooLong: () => Error): Promise<string> {
  const body = response.body;
  if (!body) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await body.cancel().catch(() => undefined);
    throw tooLong();
  }
  const decoder = new TextDecoder();
  let text = '';
  let seen = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    seen += chunk.byteLength;
    if (seen > maxBytes) throw tooLong();
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/** Bytes of a whole answer of at most `maxCharacters` characters: UTF-8 takes up to 4 a character, plus the JSON around it. */
export function answerBytes(maxCharacters: number): number {
  return maxCharacters * 4 + 64 * 1024;
}
