import { useEffect, useState } from 'react';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/**
 * Only an address the browser can load counts as a photo (`/me` answers presigned URLs in
 * `archivos`; a bare S3 key would fall back to the default avatar).
 */
const isLoadableUrl = (src: string) => /^(https?:|data:image\/|blob:)/.test(src);

/**
 * The photo's URL once it has loaded, the default avatar while it loads, when it is missing, or
 * when it fails: a broken image never shows (docs/spec/01.md section 8).
 */
export function useAvatarUrl(src: string | null | undefined): string {
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!src || !isLoadableUrl(src)) return;
    let cancelled = false;
    const image = new Image();
    image.onload = () => !cancelled && setLoaded(src);
    image.onerror = () => !cancelled && setLoaded(null);
    image.src = src;
    return () => {
      cancelled = true;
    };
  }, [src]);
  return src && loaded === src ? src : DEFAULT_AVATAR_URL;
}
