import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export interface FollowEvent {
  preventDefault: () => void;
  detail: { href?: string; external?: boolean };
}

/**
 * Cloudscape links render real `<a href>` (so opening in a new tab works) and fire `onFollow` on a
 * plain click; this hands that click to the router instead of reloading the page.
 */
export function useFollow(): (event: FollowEvent) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const { href, external } = event.detail;
      if (!href || external) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
