/**
 * Keyboard focus in the panel. When what had the focus goes away (a row that left its list after an
 * action, a dialog whose opener went with it, a closed menu, another page), browsers drop it on
 * `<body>` and a keyboard user starts again from the top bar. This sends it to the nearest place
 * still there: the next control where the lost one was, the open dialog, or the page's title.
 */

const TABULABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const CONTENIDO = '.panel-content';

const visible = (el: Element) => el.isConnected && (typeof (el as HTMLElement).checkVisibility !== 'function' || (el as HTMLElement).checkVisibility());

/** Focuses the page's title (its first `h1`), so the person continues from the start of the content. */
export function enfocarContenido(): boolean {
  const titulo = document.querySelector<HTMLElement>(`${CONTENIDO} h1`);
  if (!titulo || !visible(titulo)) return false;
  if (!titulo.hasAttribute('tabindex')) titulo.setAttribute('tabindex', '-1');
  // Where the person was scrolled stays: the next Tab brings what it reaches into view.
  titulo.focus({ preventScroll: true });
  return true;
}

/** The first control that can take the focus inside `raiz`, if any. */
function primerTabulable(raiz: Element): HTMLElement | null {
  return [...raiz.querySelectorAll<HTMLElement>(TABULABLE)].find(visible) ?? null;
}

/** Starts watching; returns the function that stops it (the panel's layout owns it). */
export function rescatarFoco(): () => void {
  // What had the focus, with its ancestors as they were then (the element may leave with them).
  let ultimo: HTMLElement[] = [];
  // The focus was lost with a page still loading: its title takes it once it is there.
  let pendiente = false;

  const onFocusIn = (e: FocusEvent) => {
    pendiente = false;
    ultimo = [];
    for (let el = e.target as HTMLElement | null; el && el !== document.body; el = el.parentElement) ultimo.push(el);
  };

  const revisar = () => {
    const activo = document.activeElement;
    if (activo && activo !== document.body) return;
    if (pendiente) {
      if (enfocarContenido()) pendiente = false;
      return;
    }
    if (!ultimo.length || visible(ultimo[0]!)) return;
    const antes = ultimo;
    ultimo = [];
    // The nearest ancestor still shown, inside the content or a dialog (not the whole page).
    const lugar = antes.slice(1).find((el) => visible(el) && (el.closest('[role="dialog"]') || (el.closest(CONTENIDO) && !el.matches(CONTENIDO))));
    const destino = lugar && primerTabulable(lugar);
    if (destino) return destino.focus();
    const dialogo = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(visible).at(-1);
    const enDialogo = dialogo && primerTabulable(dialogo);
    if (enDialogo) return enDialogo.focus();
    if (!enfocarContenido()) pendiente = true;
  };

  // The focus is lost when the DOM changes (a removal, a hidden menu, a page's render), or the browser
  // says so (focusout): look then.
  const observer = new MutationObserver(revisar);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
  const onFocusOut = () => setTimeout(revisar, 0);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}
