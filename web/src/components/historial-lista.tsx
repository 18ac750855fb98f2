import Box from '@cloudscape-design/components/box';
import { ACCION_TEXTO, CAMPO_TEXTO, CAMPOS_OCULTOS, textoQuien, VALOR_POR_CAMPO, VALOR_TEXTO, type EntradaHistorial } from '@shared/schemas/historial.js';
import { formatCalendarDate, formatCOP, formatDateTime } from '../lib/format.js';

/** Fields that hold pesos (an offer's price, a payout's or a reward's value). */
const CAMPOS_DINERO = new Set(['precio', 'monto', 'valor']);

/** How a recorded value reads: money in pesos, flags as Sí/No, enumerations by their labels, the rest as stored. */
function valor(campo: string, v: EntradaHistorial['antes'][string] | undefined): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (CAMPOS_DINERO.has(campo) && typeof v === 'number') return formatCOP(v);
  if (campo === 'fecha' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatCalendarDate(v);
  const porCampo = VALOR_POR_CAMPO[campo];
  if (porCampo && typeof v === 'string') return porCampo(v);
  return VALOR_TEXTO[String(v)] ?? String(v);
}

/** What changed, field by field ('estado: reservado → confirmado'). */
function cambios(e: EntradaHistorial): string[] {
  const campos = [...new Set([...Object.keys(e.antes), ...Object.keys(e.despues)])].filter((c) => !CAMPOS_OCULTOS.has(c));
  const nombre = (c: string) => CAMPO_TEXTO[c] ?? c;
  return campos.map((c) => (c in e.antes ? `${nombre(c)}: ${valor(c, e.antes[c])} → ${valor(c, e.despues[c])}` : `${nombre(c)}: ${valor(c, e.despues[c])}`));
}

/** An audit trail as a timeline, oldest first: who changed what and when (services and providers). */
export function HistorialLista({ entradas, etiqueta }: { entradas: readonly EntradaHistorial[]; etiqueta: string }) {
  if (!entradas.length) return <Box color="text-body-secondary">Sin cambios registrados</Box>;
  return (
    <ol className="timeline" aria-label={etiqueta}>
      {entradas.map((e) => (
        <li key={e.marca} className="timeline__item">
          <Box fontWeight="bold">{ACCION_TEXTO[e.accion]}</Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {formatDateTime(e.at)} · {textoQuien(e.quien)}
          </Box>
          {cambios(e).map((t) => (
            <Box key={t} variant="small" display="block">
              {t}
            </Box>
          ))}
        </li>
      ))}
    </ol>
  );
}
