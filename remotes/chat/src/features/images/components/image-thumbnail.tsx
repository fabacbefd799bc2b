import { useObjectUrl } from '../hooks/use-object-url';
import './images.css';

/**
 * A small picture of an image the user is about to send (a composer chip): the local file as an
 * object URL, never uploaded for it. Decorative: the chip says the file's name beside it.
 */
export function ImageThumbnail({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return url ? <img className="image-thumbnail" src={url} alt="" /> : <span className="image-thumbnail" aria-hidden="true" />;
}
