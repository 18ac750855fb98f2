import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Spinner from '@cloudscape-design/components/spinner';
import { useState } from 'react';
import { HistorialLista } from '../../../components/historial-lista.js';
import { StatusText } from '../../../components/status-text.js';
import { useHistorial } from '../api/mapa.js';

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
      ) : (
        <HistorialLista entradas={historial.data} etiqueta="Historial del servicio" />
      )}
    </ExpandableSection>
  );
}
