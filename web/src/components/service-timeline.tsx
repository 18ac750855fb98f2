import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Spinner from '@cloudscape-design/components/spinner';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { historialRespuestaSchema } from '@shared/schemas/historial.js';
import { llamar } from '../lib/api-client.js';
import { HistorialLista } from './historial-lista.js';
import { StatusText } from './status-text.js';
import { Reintentar } from './reintentar.js';

/** `GET /servicios/{id}/historial`: the service's audit trail, read when the section is opened. */
const useHistorialServicio = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: ['servicios', id, 'historial'],
    queryFn: ({ signal }) => llamar('GET /servicios/:servicioId/historial', { params: { servicioId: id }, schema: historialRespuestaSchema, signal }).then((r) => r.items),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });

/**
 * The service's audit trail as a timeline (issue "Reserved services", item 8): who changed what and
 * when, oldest first. In the map's detail and in the payment lists' detail; read only when opened.
 */
export function ServiceTimeline({ id }: { id: string }) {
  const [abierto, setAbierto] = useState(false);
  const historial = useHistorialServicio(id, abierto);
  return (
    <ExpandableSection headerText="Historial" variant="container" expanded={abierto} onChange={({ detail }) => setAbierto(detail.expanded)}>
      {historial.isPending ? (
        <Spinner />
      ) : historial.isError ? (
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <StatusText type="error">No se pudo cargar el historial</StatusText>
          <Reintentar consulta={historial} />
        </SpaceBetween>
      ) : (
        <HistorialLista entradas={historial.data} etiqueta="Historial del servicio" />
      )}
    </ExpandableSection>
  );
}
