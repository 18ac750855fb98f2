/**
 * Keyboard focus in the panel. When what had the focus goes away (a row that left its list after an
 * action, a dialog whose opener went with it, a closed menu, another page), browsers drop it on
 * `<body>` and a keyboard user starts again from the top bar. This sends it to the nearest place
 * still there: the same control drawn again (same id), the control that took the lost one's place,
 * the open dialog, or the page's title.
 */

import { useEffect, type RefObject } from 'react';
import { dialogoAbierto, visible } from './dialogo.js';

const TABULABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const CONTENIDO = '.panel-content';

/** Shown on screen, not only to screen readers (the map's title is visually hidden). */
const aLaVista = (el: Element) => visible(el) && el.getBoundingClientRect().width > 1;
const tabulable = (el: Element) => el.matches(TABULABLE) && visible(el);

/** The first control that can take the focus in `raiz` (itself included), if any. */
function primerTabulable(raiz: Element, admite: (el: HTMLElement) => boolean = () => true): HTMLElement | null {
  if (tabulable(raiz) && admite(raiz as HTMLElement)) return raiz as HTMLElement;
  return [...raiz.querySelectorAll<HTMLElement>(TABULABLE)].find((el) => visible(el) && admite(el)) ?? null;
}

/**
 * Not a place to rescue the focus to: a list's column headers (a list left empty handed it to the first
 * column's resize handle, unseen, rather than to its filter or pages).
 */
const fueraDeEncabezados = (el: HTMLElement) => !el.closest('thead');

/**
 * Focuses the start of the page's content: its title (`h1`), or, when the title is only for screen
 * readers (the map), the content's first control. False while the page is still loading.
 */
export function enfocarContenido(desplazar = false): boolean {
  const titulo = document.querySelector<HTMLElement>(`${CONTENIDO} h1`);
  if (!titulo || !visible(titulo)) return false;
  const destino = aLaVista(titulo) ? titulo : primerTabulable(document.querySelector(CONTENIDO)!);
  if (!destino) return false;
  if (destino === titulo && !titulo.hasAttribute('tabindex')) titulo.setAttribute('tabindex', '-1');
  // After a navigation, where the person was scrolled stays (the next Tab brings what it reaches into
  // view); a focus rescued to the title shows the title.
  destino.focus({ preventScroll: true });
  if (desplazar) destino.scrollIntoView({ block: 'nearest' });
  return true;
}

// What had the focus, with its ancestors as they were then and the position of each in its parent
// (the element may leave with them, and what takes its place is where the person was).
type Cadena = { el: HTMLElement; indice: number }[];
let ultimo: Cadena = [];
// The same, for the last focus outside a dialog: a dialog's opener (a row's action), where the person
// goes back to when the dialog closes. Its row may have left the list meanwhile (the action's refresh
// lands before the dialog closes), so the dialog's own focus cannot be given back to it.
let fueraDeDialogo: Cadena = [];
// Focus to go to the page's start once it is there (its code or data still loading).
let pendiente = false;

// A navigation chosen from a menu: the new page's start takes the focus once it is shown.
let trasNavegar = false;

/** Called by a menu as it navigates (the side menu closes, the top bar's stays where it is). */
export function enfocarTrasNavegar(): void {
  trasNavegar = true;
}

/** Called by the panel once the address changed: the new page's start, now or when it has loaded. */
export function alCambiarDePagina(): void {
  if (!trasNavegar) return;
  trasNavegar = false;
  pendiente = !enfocarContenido();
}

function onFocusIn(e: FocusEvent) {
  // The person (or a dialog) chose a place in the page: nothing left to do for the last navigation.
  // A menu's trigger taking the focus back as it closes is not such a choice.
  if ((e.target as Element).closest(`${CONTENIDO}, [role="dialog"]`)) pendiente = false;
  ultimo = [];
  for (let el = e.target as HTMLElement | null; el && el !== document.body; el = el.parentElement) {
    ultimo.push({ el, indice: el.parentElement ? Array.prototype.indexOf.call(el.parentElement.children, el) : 0 });
  }
  if (!(e.target as Element).closest('[role="dialog"]')) fueraDeDialogo = ultimo;
}

/** A pointer chooses where the focus goes: nothing to rescue for someone who clicked plain text. */
function onPointerDown() {
  ultimo = [];
}

function revisar() {
  if (pendiente) {
    if (enfocarContenido()) pendiente = false;
    return;
  }
  const activo = document.activeElement;
  if (activo && activo !== document.body) return;
  if (!ultimo.length || visible(ultimo[0]!.el)) return;
  const antes = ultimo;
  ultimo = [];
  if (rescatarEn(antes)) return;
  // Lost with a dialog that closed: back beside the dialog's opener (or what took its place).
  const dialogo = dialogoAbierto();
  if (!dialogo && antes !== fueraDeDialogo && fueraDeDialogo.length && rescatarEn(fueraDeDialogo)) return;
  const enDialogo = dialogo && primerTabulable(dialogo);
  if (enDialogo) return enDialogo.focus();
  if (!enfocarContenido(true)) pendiente = true;
}

/**
 * Focuses what stands where the lost element of `antes` stood: the same control drawn again (a
 * screen mounted anew for another address keeps its ids), else, in the nearest ancestor still shown
 * inside the content or a dialog (not the whole page), the child now at the lost one's position, or
 * the ones after it, then those before it. An ancestor with nothing to focus (a list left empty)
 * hands on to its own parent, so the focus stays beside where the person was (the list's filter, its
 * pages) rather than at the page's top. False when nothing of it is left.
 */
function rescatarEn(antes: Cadena): boolean {
  const gemelo = antes[0]!.el.id ? document.getElementById(antes[0]!.el.id) : null;
  if (gemelo && tabulable(gemelo)) return (enfocarALaVista(gemelo), true);
  for (let k = 1; k < antes.length; k++) {
    const { el } = antes[k]!;
    if (!visible(el) || !(el.closest('[role="dialog"]') || (el.closest(CONTENIDO) && !el.matches(CONTENIDO)))) continue;
    const hijos = [...el.children];
    const i = Math.min(antes[k - 1]!.indice, hijos.length);
    for (const hijo of [...hijos.slice(i), ...hijos.slice(0, i).reverse()]) {
      const destino = primerTabulable(hijo, fueraDeEncabezados);
      if (destino) return (enfocarALaVista(destino), true);
    }
  }
  return false;
}

/** A rescued focus is shown: the person is taken to where it went, not left scrolled elsewhere. */
function enfocarALaVista(el: HTMLElement): void {
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'nearest' });
}

/** Starts watching; returns the function that stops it (the panel's layout owns it). */
export function rescatarFoco(): () => void {
  // The focus is lost when the DOM changes (a removal, a hidden menu, a page's render), or the browser
  // says so (focusout): look then.
  const observer = new MutationObserver(revisar);
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
  const onFocusOut = () => setTimeout(revisar, 0);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  document.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('pointerdown', onPointerDown, true);
  };
}

/**
 * Gives `ref` the focus whenever `cuando` turns true, a frame later: a Cloudscape dialog that just
 * opened focuses its X first, in an effect of its own, and this comes after it.
 */
export function useEnfocarAlAbrir(ref: RefObject<{ focus(): void } | null>, cuando = true): void {
  useEffect(() => {
    if (!cuando) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [ref, cuando]);
}
