import { fileExtension, IMAGE_TYPES, isImageMediaType } from '@assistant/contracts';

/** The clipboard's made-up names (Chrome and Edge: "image.png"; Firefox: "image.png" too, Safari: none). */
const GENERIC = /^(image|blob|untitled)?$/i;

/**
 * A pasted image's name: its own where it has one (a copied file keeps "receipt.jpg"), else
 * "screenshot-2026-11-28-180512.png" by the local time of the paste (with "-2", "-3" for more
 * images of the same paste), the extension from the media type.
 */
export function pastedImageName(file: { name: string; type: string }, at: Date, index = 0): string {
  const base = file.name.slice(0, file.name.length - (fileExtension(file.name) ? fileExtension(file.name).length + 1 : 0));
  if (file.name && !GENERIC.test(base)) return file.name;
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const extension = isImageMediaType(file.type) ? IMAGE_TYPES[file.type].extensions[0] : fileExtension(file.name) || 'png';
  return `screenshot-${stamp}${index > 0 ? `-${index + 1}` : ''}.${extension}`;
}
