import { describe, expect, it } from 'vitest';
import { rutaDe } from '@shared/domain/cifras.js';

describe("a trip's route in the company's figures", () => {
  it("ends at the destination's town, never at its department or the country", () => {
    const ruta = (destino: string) => rutaDe({ ciudad: 'Cali', destino });
    expect(ruta('Zona franca del Pacífico, Palmira')).toBe('Cali → Palmira');
    expect(ruta('Tuluá, Valle del Cauca')).toBe('Cali → Tuluá');
    expect(ruta('Ginebra, Valle del Cauca')).toBe('Cali → Ginebra');
    expect(ruta('Salento, Quindio')).toBe('Cali → Salento');
    expect(ruta('Santander de Quilichao, Cauca, Colombia')).toBe('Cali → Santander de Quilichao');
    // A department alone is all there is to go by.
    expect(ruta('Cauca')).toBe('Cali → Cauca');
  });
});
