import { expect } from 'vitest';
import { PDF_BYTES, solidPng } from './clients.js';
import { page, url } from './e2e.js';

/*
 * What the fleet files of test/e2e (flota-lista, flota-alta, flota-edicion) share: the fleet screen's
 * parts, how to open it, and the unique plates and files their vehicles are made with.
 */

/** Unique within a stack: the run's time and a random tail (two calls in one millisecond differ). */
const unico = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A plate no fleet has: 6 capitals and digits, starting with a letter. */
export const placaNueva = (letra: string) => `${letra}${unico().slice(-5)}`.toUpperCase();
export const png = (name: string, n: number) => ({ name, mimeType: 'image/png', buffer: solidPng(480, 300, [20 + n * 40, 120, 160 - n * 20]) });
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(PDF_BYTES) });

export const dialog = () => page.getByRole('dialog').filter({ has: page.getByRole('heading') }).last();
export const table = () => page.getByRole('table', { name: 'Vehículos de la flota' });
export const rows = () => table().locator('tbody tr');
export const footer = () => page.getByText(/^Mostrando \d+ de \d+ registros$/);

export async function openFleet() {
  await page.goto(url('/panel-control/gestiona-flota'));
  await page.getByRole('heading', { name: /Gestión de Flota/ }).waitFor();
  // The footer counts the fleet once it has loaded.
  await expect.poll(() => footer().innerText()).toMatch(/de [1-9]\d* registros$/);
}
