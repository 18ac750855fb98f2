import { page } from './e2e.js';

/*
 * What the provider-panel files of test/e2e (proveedores-listas, proveedores-validacion) share: the
 * lists' chips and rows, and the unique part of the providers their tests register.
 */

/** The chip of a list, named by its title and count ('Conductores Nuevos: 6'), once the counts are in. */
export const chip = (titulo: string) => page.getByRole('button', { name: new RegExp(`^${titulo}: \\d+$`) });
export const conteo = async (titulo: string) => Number((await chip(titulo).getAttribute('aria-label'))!.split(': ')[1]);
export const fila = (nombre: string) => page.getByRole('row', { name: new RegExp(nombre) });

/** Unique for this run: ids, e-mails, plates. */
export const unico = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
