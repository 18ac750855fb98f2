/*
 * Apart from foco.ts: the toasts (in the sign-in page's first load) need only this, and importing
 * foco.ts would bring the whole module there.
 */

/** Connected and shown (not inside something hidden). */
export const visible = (el: Element) => el.isConnected && (typeof (el as HTMLElement).checkVisibility !== 'function' || (el as HTMLElement).checkVisibility());

/** The dialog shown on top, if any (Cloudscape keeps closed ones in the page, hidden). */
export const dialogoAbierto = (): HTMLElement | undefined => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(visible).at(-1);
