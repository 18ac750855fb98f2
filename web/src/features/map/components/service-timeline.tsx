import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Spinner from '@cloudscape-design/components/spinner';
import { useState } from 'react';
import { ACCION_TEXTO, CAMPO_TEXTO, CAMPOS_OCULTOS, VALOR_TEXTO, type EntradaHistorial } from '../../../../../shared/schemas/historial.js';
import { StatusText } from '../../../components/status-text.js';
import { formatCOP, formatDateTime } from '../../../lib/format.js';
import { useHistorial } from '../api/mapa.js';

/** How a recorded value reads: money in pesos, flags as Sí/No, the rest as stored. */
function valor(campo: string, v: EntradaHistorial['antes'][string] | undefined): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (campo === 'precio' && typeof v === 'number') return formatCOP(v);
  return VALOR_TEXTO[String(v)] ?? String(v);
}

/** What changed, field by field ('estado: reservado → confirmado'). */
function cambios(e: EntradaHistorial): string[] {
  const campos = [...new Set([...Object.keys(e.antes), ...Object.keys(e.despues)])].filter((c) => !CAMPOS_OCULTOS.has(c));
  const nombre = (c: string) => CAMPO_TEXTO[c] ?? c;
  return campos.map((c) => (c in e.antes ? `${nombre(c)}: ${valor(c, e.antes[c])} → ${valor(c, e.despues[c])}` : `${nombre(c)}: ${valor(c, e.despues[c])}`));
}

/**
 * The service's audit trail as a timeline (issue "Reserved services", item 8): who changed what and
 * when, oldest first. Read only when opened.
 */
export function ServiceTimeline({ id }: { id: string }) {
  const [abierto, setAbierto] = useState(false);
  const historial = useHistorial(id, abierto);
  return (
    <ExpandableSection headerText="Historial" variant="container" expanded={abierto} onChange={({ detail }) => setAbierto(detail.expanded)}>
      {historial.isPending ? (
        <Spinner />
      ) : historial.isError ? (
        <StatusText type="error">No se pudo cargar el historial</StatusText>
      ) : historial.data.length === 0 ? (
        <Box color="text-body-secondary">Sin cambios registrados</Box>
      ) : (
        <ol className="timeline" aria-label="Historial del servicio">
          {historial.data.map((e) => (
            <li key={e.marca} className="timeline__item">
              <Box fontWeight="bold">{ACCION_TEXTO[e.accion]}</Box>
              <Box variant="small" display="block" color="text-body-secondary">
                {formatDateTime(e.at)} · {e.quien.nombre}
              </Box>
              {cambios(e).map((t) => (
                <Box key={t} variant="small" display="block">
                  {t}
                </Box>
              ))}
            </li>
          ))}
        </ol>
      )}
    </ExpandableSection>
  );
}
