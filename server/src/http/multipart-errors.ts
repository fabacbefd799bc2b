/**
 * Whether an error of reading a multipart body is the client's fault: no boundary, a body that
 * ends before its closing boundary, a malformed part header, or the request closed mid-form.
 * busboy reports these as plain errors (no code), so their texts are matched here, in one place.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { code?: string }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  return /^Multipart: Boundary not found|Unexpected end of (multipart data|form|file)|terminated early due to unexpected end of multipart data|Malformed (part )?header/i.test(
    error.message,
  );
}

export const MALFORMED_MULTIPART_MESSAGE = 'The multipart form is malformed (no boundary, or a body that ends early)';
