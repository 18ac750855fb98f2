import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The e2e files that take longest on an idle 2-core machine (the accessibility audit of every screen
 * about 120 s, the payouts 60 s, the payments and service lists 45-55 s, the fleet's, reservations' and
 * providers' longest files 35-40 s), longest first. They start before the others
 * so that no long file starts last beside an idle worker. Vitest orders by the durations it cached on
 * an earlier run, but a fresh clone (CI) has none, and then it starts the largest files first: the
 * audit, a short file of loops, started last and ran 83 s alone.
 */
const LARGOS = ['accesibilidad', 'anticipos', 'pagos', 'servicios', 'flota-edicion', 'reservas-asignacion', 'proveedores-validacion', 'flota-alta'].map((n) => `/test/e2e/${n}.test.ts`);

const rango = (f: TestSpecification) => {
  const i = LARGOS.findIndex((sufijo) => f.moduleId.endsWith(sufijo));
  return i < 0 ? LARGOS.length : i;
};

/** Vitest's own order (groups, then cached durations or size), with the long e2e files first among the e2e files. */
export default class Secuenciador extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const orden = await super.sort(files);
    const e2e = orden.filter((f) => f.project.name === 'e2e');
    // Array.prototype.sort is stable: the files not listed keep Vitest's order, after the listed ones.
    const largosPrimero = [...e2e].sort((a, b) => rango(a) - rango(b));
    // Each e2e place of Vitest's order takes the next e2e file of the new order; the others stay put.
    return orden.map((f) => (f.project.name === 'e2e' ? largosPrimero.shift()! : f));
  }
}
