import { describe, expect, it } from 'vitest';
import { ICONO_CONDUCTOR_PX, ICONO_FLECHA_PX, iconoConductor, iconoFlecha } from '../../web/src/features/mapa/marker-images.js';

const pixel = (icono: { width: number; data: Uint8Array }, x: number, y: number) => [...icono.data.slice((y * icono.width + x) * 4, (y * icono.width + x) * 4 + 4)];

describe('map marker icons, computed without a canvas', () => {
  it('draws the arrow: its colour inside, a dark outline on the edge, transparent outside', () => {
    const flecha = iconoFlecha('#d6312b', 1);
    expect([flecha.width, flecha.height, flecha.data.length]).toEqual([ICONO_FLECHA_PX, ICONO_FLECHA_PX, 30 * 30 * 4]);
    // Inside, well away from the edges: the state's colour, opaque.
    expect(pixel(flecha, 15, 15)).toEqual([0xd6, 0x31, 0x2b, 255]);
    // On the tip's outline: the dark stroke (85 % over the fill).
    const [r, g, b, a] = pixel(flecha, 15, 2);
    expect(a).toBeGreaterThan(200);
    expect(r! + g! + b!).toBeLessThan(150);
    // The corners and the notch under the arrow are empty.
    for (const [x, y] of [[0, 0], [29, 0], [0, 29], [15, 27]] as const) expect(pixel(flecha, x, y)[3], `${x},${y}`).toBe(0);
  });

  it('doubles its pixels on a high-density screen and keeps the shape', () => {
    const flecha = iconoFlecha('#1e9e52', 2);
    expect(flecha.width).toBe(60);
    expect(pixel(flecha, 30, 30)).toEqual([0x1e, 0x9e, 0x52, 255]);
    expect(pixel(flecha, 0, 0)[3]).toBe(0);
  });

  it('draws the driver: white centre, teal dot, white ring, nothing beyond', () => {
    const conductor = iconoConductor(1);
    expect(conductor.width).toBe(ICONO_CONDUCTOR_PX);
    expect(pixel(conductor, 14, 14)).toEqual([255, 255, 255, 255]);
    expect(pixel(conductor, 14 + 7, 14)).toEqual([0x0b, 0x7a, 0x75, 255]);
    expect(pixel(conductor, 14 + 11, 14)).toEqual([255, 255, 255, 255]);
    expect(pixel(conductor, 0, 0)[3]).toBe(0);
  });
});
