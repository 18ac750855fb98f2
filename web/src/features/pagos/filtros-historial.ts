import { ESTADOS_HISTORIAL } from '@shared/domain/listas.js';
import { rangoHistorial, rangoHistorialPorDefecto } from '@shared/schemas/listas-servicios.js';
import { PAGO_MSG } from '@shared/schemas/messages-pagos.js';

/** A filter of Historial's address that could not be used, and what is shown instead. */
export type Descarte = { parametros: string[]; texto: string };

/** Each day reads by then: only the range itself can break. */
const POR_QUE_FECHAS = { fechas: 'Las fechas no son válidas.', invertido: PAGO_MSG.rangoInvertido, largo: PAGO_MSG.rangoLargo } as const;
const AL_DEFECTO = 'Se muestran los últimos 90 días y los próximos 30.';

/**
 * Historial's filters as its address gives them (`?desde=&hasta=&estado=&empresa=&q=`): a reload, Back or
 * a shared link opens the same history. What does not read opens the default, and is listed in
 * `descartes`, so that the page says so and takes it out of the address (a bad range used to open the
 * default silently and stay in the address). A company is staff's filter only, and only one their list
 * knows (`empresas`, unknown while it loads): in a company's link it is dropped without a word, as the API
 * shows a company its own services anyway.
 */
export function filtrosDeEnlace(params: URLSearchParams, contexto: { plataforma: boolean; empresas: readonly { id: string }[] | undefined; hoy: string }) {
  const { plataforma, empresas, hoy } = contexto;
  const descartes: Descarte[] = [];
  // A day that is no date goes alone (the other end, if it reads, stays); a range that still breaks goes whole.
  const noEsDia = (p: 'desde' | 'hasta') => params.get(p) !== null && rangoHistorial(params.get(p), params.get(p), hoy) === 'fechas';
  const malos = (['desde', 'hasta'] as const).filter(noEsDia);
  const dia = (p: 'desde' | 'hasta') => (malos.includes(p) ? null : params.get(p));
  const valores = malos.map((p) => `«${params.get(p)}»`).join(' y ');
  if (malos.length === 2) descartes.push({ parametros: [...malos], texto: `Fechas: ${valores} no son fechas. ${AL_DEFECTO}` });
  else if (malos.length) descartes.push({ parametros: [...malos], texto: `Fechas: ${valores} no es una fecha. ${malos[0] === 'desde' ? 'Desde: la de por defecto, hace 90 días.' : 'Hasta: la de por defecto, en 30 días.'}` });
  let leido = rangoHistorial(dia('desde'), dia('hasta'), hoy);
  if (typeof leido === 'string') {
    descartes.push({ parametros: ['desde', 'hasta'], texto: `Fechas: ${POR_QUE_FECHAS[leido]} ${AL_DEFECTO}` });
    leido = rangoHistorialPorDefecto(hoy);
  }
  const estado = params.get('estado');
  const estadoValido = estado !== null && (ESTADOS_HISTORIAL as readonly string[]).includes(estado);
  if (estado !== null && !estadoValido) descartes.push({ parametros: ['estado'], texto: `Estado: «${estado}» no es un estado de servicio. Se muestran todos los estados.` });
  const empresa = params.get('empresa');
  const empresaValida = plataforma && !!empresa && (!empresas || empresas.some((e) => e.id === empresa));
  if (empresa !== null && !empresaValida) {
    if (!plataforma) descartes.push({ parametros: ['empresa'], texto: '' });
    else if (empresas) descartes.push({ parametros: ['empresa'], texto: `Empresa: «${empresa}» no está entre las empresas aliadas. Se muestran todas las empresas.` });
  }
  return {
    rango: leido,
    estado: estadoValido ? estado : '',
    empresa: empresaValida ? empresa : null,
    busqueda: params.get('q') ?? '',
    descartes,
  };
}
