import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { seguimientoSchema, type Seguimiento } from '@shared/schemas/seguimiento.js';
import { AuthPageLayout } from '../../../components/auth-page-layout.js';
import { ApiError, errorMessage, llamar } from '../../../lib/api-client.js';
import { cuandoLibre } from '../../../lib/cuando-libre.js';
import { formatDateTime, formatTime } from '../../../lib/format.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';

/**
 * The map is its own chunk, fetched once the trip's data shows and the page is idle: the first load
 * (what a passenger on a phone waits for) carries no MapLibre and stays within the sign-in page's budget.
 */
const MapaSeguimiento = lazy(() => import('./mapa-seguimiento.js').then((m) => ({ default: m.MapaSeguimiento })));

/** How often the page asks again (the driver's app reports every 5 s; an unchanged answer is a 304). */
export const SEGUIMIENTO_REFRESCO_MS = 10_000;

/** 'hace 1 minuto', 'hace 12 minutos', 'hace menos de un minuto'. */
function hace(iso: string, ahora = Date.now()): string {
  const minutos = Math.floor((ahora - Date.parse(iso)) / 60_000);
  if (minutos < 1) return 'hace menos de un minuto';
  return minutos === 1 ? 'hace 1 minuto' : `hace ${minutos} minutos`;
}

/**
 * `/seguimiento/<token>` (issue 48, docs/decisions/0014): the page a corporate client sends its passengers
 * when the trip starts. No session: the link is the key. Shows the vehicle, the driver's first name,
 * the route, the state and the last position on a map, and says when the link stops working.
 */
export function SeguimientoPage() {
  useDocumentTitle('Sigue tu viaje');
  const token = useParams().token ?? '';
  const { data, error, isPending } = useQuery({
    queryKey: ['seguimiento', token],
    queryFn: ({ signal }) => llamar('GET /seguimiento/:token', { params: { token }, schema: seguimientoSchema, signal, sinSesion: true }),
    refetchInterval: (q) => (q.state.error instanceof ApiError && q.state.error.status === 404 ? false : SEGUIMIENTO_REFRESCO_MS),
    // A link that is not there will not appear on a retry.
    retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2,
    meta: { silent: true },
  });
  return (
    <AuthPageLayout>
      <SpaceBetween size="l">
        <Box textAlign="center">
          <Box variant="h1" padding="n">
            Sigue tu viaje
          </Box>
          <Box variant="p" color="text-body-secondary" padding={{ top: 'xxs' }}>
            Tu empresa te compartió este enlace para que veas dónde va tu vehículo.
          </Box>
        </Box>
        {isPending ? (
          <div className="seguimiento__cargando" role="status">
            <Spinner /> Cargando tu viaje…
          </div>
        ) : data ? (
          <Viaje v={data} />
        ) : (
          // A link gone stays gone; any other failure (the network) is retried by the next poll.
          <Alert type={error instanceof ApiError && error.status === 404 ? 'info' : 'error'} header="No podemos mostrar este viaje">
            {errorMessage(error)}
          </Alert>
        )}
      </SpaceBetween>
    </AuthPageLayout>
  );
}

/** An address kept whole at its street number: 'Cra. 100 # 5-169' does not break at the hyphen. */
const sinCorteEnNumeros = (direccion: string) => direccion.replace(/(\d)-(\d)/g, '$1\u2011$2');

function Viaje({ v }: { v: Seguimiento }) {
  const enCurso = v.estado === 'en_curso';
  // Trips start two hours before their departure: until then the vehicle is on its way to the passengers.
  const enCamino = enCurso && Date.parse(v.fechaSalida) > Date.now();
  const [conMapa, setConMapa] = useState(false);
  useEffect(() => cuandoLibre(() => setConMapa(true), 1000), []);
  return (
    <SpaceBetween size="l">
      <Container>
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Vehículo', value: v.placas },
            { label: 'Conductor', value: v.conductor },
            { label: 'Origen', value: sinCorteEnNumeros(v.origen) },
            { label: 'Destino', value: sinCorteEnNumeros(v.destino) },
            { label: 'Salida', value: formatDateTime(v.fechaSalida) },
            {
              label: 'Estado',
              value: enCamino ? (
                <StatusIndicator type="in-progress">En camino al origen</StatusIndicator>
              ) : enCurso ? (
                <StatusIndicator type="in-progress">En curso</StatusIndicator>
              ) : (
                <StatusIndicator type="success">Finalizado</StatusIndicator>
              ),
            },
          ]}
        />
      </Container>
      {enCurso && v.posicion ? (
        <SpaceBetween size="xs">
          <p className="seguimiento__posicion" role="status">
            {`Última posición: ${formatTime(v.posicion.en)} (${hace(v.posicion.en)})`}
          </p>
          {conMapa ? (
            <Suspense fallback={<div className="seguimiento__mapa seguimiento__mapa--cargando">Cargando mapa...</div>}>
              <MapaSeguimiento lat={v.posicion.lat} lng={v.posicion.lng} placas={v.placas} />
            </Suspense>
          ) : (
            <div className="seguimiento__mapa seguimiento__mapa--cargando">Cargando mapa...</div>
          )}
        </SpaceBetween>
      ) : enCurso ? (
        <Alert type="info">El conductor aún no ha compartido su posición. Esta página se actualiza sola.</Alert>
      ) : (
        <Alert type="success" header={`Tu viaje terminó a las ${formatTime(v.finalizadoEn!)}`}>
          {`Este enlace deja de funcionar a las ${formatTime(v.caducaEn!)}`}
        </Alert>
      )}
    </SpaceBetween>
  );
}
