import { describe, expect, it } from 'vitest';
import { ANCHO, anchoDeEncabezado, anchosTrasArrastrar, conAnchos, conElegidos, NINGUNO } from '../../web/src/lib/anchos.js';

describe('first widths of a list with fixed columns', () => {
  it('shares the width by weight when every share is over its minimum', () => {
    const anchos = conAnchos([{ header: 'Ruta', peso: 2 }, { header: 'Valor' }, { header: 'Estado' }], 1200).map((c) => c.width);
    expect(anchos).toEqual([600, 300, 300]);
  });

  it('gives a header the width of its longest word, and the others share what is left', () => {
    // The transfer list's nine columns at 1280 px (1106 px of table): "Comprobante" broke in 128 px.
    const columnas = conAnchos(
      [
        { header: 'Cliente', minWidth: ANCHO.nombre, peso: 1.5 },
        { header: 'Valor' },
        { header: 'Servicio', minWidth: ANCHO.ruta, peso: 2 },
        { header: 'Salida', minWidth: ANCHO.fecha },
        { header: 'Empresa', minWidth: ANCHO.nombre },
        { header: 'Aceptada', minWidth: ANCHO.fecha },
        { header: 'Comprobante' },
        { header: 'Acciones' },
      ],
      1106,
    );
    const comprobante = columnas[6]!;
    expect(comprobante.width).toBe(anchoDeEncabezado('Comprobante'));
    expect(comprobante.width).toBeGreaterThan(11 * 8.7 + 40);
    for (const c of columnas) expect(c.width).toBeGreaterThanOrEqual(c.minWidth);
    // The route takes the most, and the whole fits the table.
    expect(Math.max(...columnas.map((c) => c.width))).toBe(columnas[2]!.width);
    expect(columnas.reduce((s, c) => s + c.width, 0)).toBeLessThanOrEqual(1106);
  });

  it('never goes under a minimum: past the width, the list scrolls sideways', () => {
    const columnas = conAnchos([{ header: 'Cliente', minWidth: ANCHO.nombre }, { header: 'Referido por (recibe el pago)' }], 200);
    expect(columnas.map((c) => c.width)).toEqual([ANCHO.nombre, anchoDeEncabezado('Referido')]);
  });

  it('leaves the weight out of what reaches the table, and a header that is no text to the default minimum', () => {
    const [c] = conAnchos([{ header: null, peso: 3, id: 'x' }], 500);
    expect(c).toEqual({ header: null, id: 'x', minWidth: ANCHO.otro, width: 500 });
  });
});

describe('widths chosen by hand', () => {
  const columnas = conAnchos([{ id: 'cliente', header: 'Cliente', minWidth: ANCHO.nombre }, { id: 'ruta', header: 'Ruta', peso: 2 }, { id: 'acciones', header: 'Acciones' }], 1000);

  it('keeps only the dragged column, never the last one that fills the rest, with the list\'s width', () => {
    const [cliente, ruta, acciones] = columnas.map((c) => c.width) as [number, number, number];
    // Cloudscape reports every width; the action column absorbed what the route gave up.
    expect(anchosTrasArrastrar(NINGUNO, columnas, [cliente, ruta - 100, acciones + 100], 1000)).toEqual({ ancho: 1000, columnas: { ruta: ruta - 100 } });
    // A later drag of another column keeps the first one chosen.
    const antes = { ancho: 1000, columnas: { ruta: 300 } };
    const conAntes = conElegidos(columnas, antes, 1000);
    expect(anchosTrasArrastrar(antes, conAntes, [cliente + 50.4, 300, acciones], 1000)).toEqual({ ancho: 1000, columnas: { ruta: 300, cliente: cliente + 50 } });
  });

  it('applies what was chosen over the first widths, never under a column\'s minimum', () => {
    const conDos = conElegidos(columnas, { ancho: 1000, columnas: { ruta: 420, cliente: 20, otra: 999 } }, 1000);
    expect(conDos.map((c) => c.width)).toEqual([ANCHO.nombre, 420, columnas[2]!.width]);
  });

  it('keeps a choice where the list is as wide, the others making room, and fits it to a narrower list', () => {
    expect(columnas.map((c) => c.width)).toEqual([250, 500, 250]);
    // Chosen in a list 1,400 px wide.
    const elegidos = { ancho: 1400, columnas: { cliente: 350, ruta: 800 } };
    expect(conElegidos(columnas, elegidos, 1400).map((c) => c.width)).toEqual([350, 800, 250]);
    // Widened past the list's width where it was chosen: kept, the others make room down to their minimums (cliente 140, acciones 116).
    expect(conElegidos(columnas, { ancho: 1000, columnas: { ruta: 700 } }, 1000).map((c) => c.width)).toEqual([159, 700, 140]);
    expect(conElegidos(columnas, { ancho: 1000, columnas: { ruta: 900 } }, 1000).map((c) => c.width)).toEqual([140, 900, 116]);
    // 200 px narrower: the action column goes to its minimum (its header's word, 116), the chosen ones give the other 66 in shares.
    expect(conElegidos(columnas, elegidos, 1200).map((c) => c.width)).toEqual([333, 750, 116]);
    // Never under the first widths of the chosen, nor the others' minimums, however narrow.
    expect(conElegidos(columnas, elegidos, 600).map((c) => c.width)).toEqual([250, 500, 116]);
  });
});
