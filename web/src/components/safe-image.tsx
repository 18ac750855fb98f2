import { useState, type ImgHTMLAttributes } from 'react';

export const DEFAULT_PHOTO_URL = '/default-photo.svg';

interface SafeImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  /** Shown when there is no address or the image fails (an expired link, a deleted file). */
  fallback?: string;
}

/** An image that never shows broken: it falls back to a default picture (docs/spec/01.md section 8). */
export function SafeImage({ src, fallback = DEFAULT_PHOTO_URL, alt, ...rest }: SafeImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const propia = !!src && failed !== src;
  // The default picture says 'Imagen no disponible' on screen: its name says so too.
  return <img {...rest} alt={alt && !propia ? `${alt}: imagen no disponible` : alt} src={propia ? src : fallback} onError={() => src && setFailed(src)} />;
}
