import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { getToasts, pausarToasts, reanudarToasts, subscribeToasts } from '../lib/toast.js';

// Flashbar (with its animations) stays out of the first load; it is fetched shortly after start,
// so the first toast still shows at once.
const loadFlashbar = () => import('./toast-flashbar.js');
const ToastFlashbar = lazy(loadFlashbar);

/**
 * The toast area: the bottom left corner on every screen (styles.css), 5 s each, dismissible, at most 20 (docs/spec/01.md "Global extras"); the time
 * stops while the pointer or the focus is inside (lib/toast.ts).
 */
export function ToastArea() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  useEffect(() => {
    const timer = setTimeout(() => void loadFlashbar(), 1500);
    return () => clearTimeout(timer);
  }, []);
  // A landmark of its own, so the toasts are inside one wherever they show (axe "region"), and a polite
  // live region, so a screen reader reads each toast as it comes without taking the focus from where the
  // person is (Flashbar's own announcement, `ariaRole`, would put a second copy of the text in the page).
  return (
    <section
      className="toast-area"
      aria-label="Notificaciones"
      aria-live="polite"
      onMouseEnter={() => pausarToasts('puntero')}
      onMouseLeave={() => reanudarToasts('puntero')}
      onFocus={() => pausarToasts('foco')}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) reanudarToasts('foco');
      }}
    >
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastFlashbar toasts={toasts} />
        </Suspense>
      )}
    </section>
  );
}
