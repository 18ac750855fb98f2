import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { memo, useState } from 'react';
import { ESTADO_MAPA_INFO, ESTADOS_MAPA, etiquetaEstadoMapa, marcadorVencido, type EstadoMapa } from '@shared/domain/mapa.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import type { Marcador } from '@shared/schemas/mapa.js';
import { StatusText } from '../../../components/status-text.js';
import { formatDateTime, formatTime } from '../../../lib/format.js';
import { COLOR_CONDUCTOR } from '../marker-images.js';

export interface MapLegendProps {
  /** Absent while the feed loads: the states and their checkboxes show at once, the counts with the feed. */
  servicios: readonly Marcador[] | undefined;
  visibles: readonly EstadoMapa[];
  onToggle: (estado: EstadoMapa, visible: boolean) => void;
  onSelect: (id: string) => void;
  actualizado: number | null;
  errorRefresco: boolean;
  expandida: boolean;
  /** Drivers of started trips drawn in the view (docs/spec/02.md section 7): a key for their dot while any are. */
  conductores: number;
}

/**
 * The legend of docs/spec/02.md section 2.1: a colour and a visibility checkbox per state. Below it, the
 * visible services as a list: the markers drawn on the canvas are reachable by keyboard and screen
 * readers through it.
 */
export const MapLegend = memo(function MapLegend({ servicios, visibles, onToggle, onSelect, actualizado, errorRefresco, expandida, conductores }: MapLegendProps) {
  // The list is built only while open: closed, its 50 links and dates were rendered on every poll for nobody.
  const [listaAbierta, setListaAbierta] = useState(false);
  const cuenta = (estado: EstadoMapa) => (servicios ? ` (${servicios.filter((s) => s.estado === estado).length})` : '');
  // The next departures first: the list is read to follow the day's trips.
  const enVista = servicios?.filter((s) => visibles.includes(s.estado)).sort((a, b) => a.fechaSalida.localeCompare(b.fechaSalida));
  const ahora = new Date();
  return (
    <div className="monitor-map__legend">
      <ExpandableSection headerText="Estados de los servicios" defaultExpanded={expandida} variant="footer">
        <SpaceBetween size="xxs">
          {ESTADOS_MAPA.map((estado) => (
            <Checkbox key={estado} checked={visibles.includes(estado)} onChange={({ detail }) => onToggle(estado, detail.checked)}>
              <span className="legend-row">
                <span className="legend-swatch" style={{ background: ESTADO_MAPA_INFO[estado].color }} aria-hidden="true" />
                <span>
                  {ESTADO_MAPA_INFO[estado].etiqueta}
                  {cuenta(estado)}
                </span>
              </span>
            </Checkbox>
          ))}
          {conductores > 0 && (
            <span className="legend-row legend-row--clave">
              <span className="legend-swatch legend-swatch--conductor" style={{ background: `radial-gradient(circle, #ffffff 0 2px, ${COLOR_CONDUCTOR} 2.5px)` }} aria-hidden="true" />
              <span>Conductores en viaje ({conductores})</span>
            </span>
          )}
          <Box variant="small" color="text-body-secondary">
            {!servicios ? (
              <StatusIndicator type="loading">{MAPA_MSG.cargandoServicios}</StatusIndicator>
            ) : errorRefresco ? (
              <StatusText type="warning">No se pudo actualizar el mapa; se reintentará en unos segundos.</StatusText>
            ) : actualizado ? (
              `Actualizado a las ${formatTime(actualizado)}`
            ) : null}
          </Box>
          {enVista && (
            <ExpandableSection
              headerText={`Servicios visibles (${enVista.length})`}
              variant="footer"
              expanded={listaAbierta}
              onChange={({ detail }) => setListaAbierta(detail.expanded)}
            >
              {!listaAbierta ? null : enVista.length ? (
                <ul className="legend-list">
                  {enVista.map((s) => {
                    // Its departure passed before its trip: said beside its state, as Reservaciones does.
                    const vencido = marcadorVencido(s, ahora);
                    const etiqueta = etiquetaEstadoMapa(s.estado, s.iniciado);
                    const tipo = textoTipoVehiculo(s.tipo);
                    const estado = `${etiqueta}${vencido ? `, ${MAPA_MSG.vencida.toLowerCase()}` : ''}`;
                    const ruta = `${tipo} · ${s.origen.split(',')[0]} → ${s.destino.split(',')[0]}`;
                    return (
                      <li key={s.id}>
                        {/* The name starts with what the link shows (WCAG 2.5.3), then says it whole. */}
                        <Button variant="inline-link" ariaLabel={`Ver servicio ${ruta}: de ${s.origen} a ${s.destino}, ${estado.toLowerCase()}, sale ${formatDateTime(s.fechaSalida)}`} onClick={() => onSelect(s.id)}>
                          {ruta}
                        </Button>
                        <Box variant="small" color="text-body-secondary">
                          {etiqueta}
                          {vencido && (
                            <>
                              {' · '}
                              <Box variant="small" tagOverride="span" color="text-status-error" fontWeight="bold">
                                {MAPA_MSG.vencida}
                              </Box>
                            </>
                          )}
                          {` · sale ${formatDateTime(s.fechaSalida)}`}
                        </Box>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <Box variant="small" color="text-body-secondary">
                  {visibles.length ? 'No hay servicios en los estados marcados.' : 'Marca un estado para ver sus servicios.'}
                </Box>
              )}
            </ExpandableSection>
          )}
        </SpaceBetween>
      </ExpandableSection>
    </div>
  );
});
