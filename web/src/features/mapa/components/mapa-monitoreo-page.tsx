import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ESTADOS_VISIBLES_INICIO, type EstadoMapa } from '@shared/domain/mapa.js';
import type { Limites } from '@shared/domain/recorrido.js';
import type { ConductorEnMapa } from '@shared/schemas/recorrido.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { runtimeConfig } from '../../../lib/config.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useThemeMode } from '../../../lib/theme.js';
import { useConductores, useMapa } from '../api/mapa.js';
import { estiloSegunModo } from '../map-style.js';
import { MapLegend } from './map-legend.js';
import { ServicioDialogs } from './servicio-dialogs.js';
import { esTelefono } from '../../../lib/use-es-telefono.js';
import { Reintentar } from '../../../components/reintentar.js';
import { StatusText } from '../../../components/status-text.js';

// MapLibre is its own chunk, loaded after the page: 'Cargando mapa...' shows meanwhile (docs/spec/02.md section 2.1).
// Asked for once this page's code runs, not at its first render, which waits for `/me` and the panel.
const mapCanvas = import('./map-canvas.js');
const MapCanvas = lazy(() => mapCanvas.then((m) => ({ default: m.MapCanvas })));

/** Stable empty list: a new [] each render would redraw the drivers' layer. */
const SIN_CONDUCTORES: readonly ConductorEnMapa[] = [];


/** docs/spec/02.md section 2.1: the monitor map, with its legend, detail dialog and offer flow. */
export function MapaMonitoreoPage({ title }: { title: string }) {
  const navigate = useNavigate();
  const { mode } = useThemeMode();
  const mapa = useMapa();
  const [visibles, setVisibles] = useState<readonly EstadoMapa[]>(ESTADOS_VISIBLES_INICIO);
  const [cargado, setCargado] = useState(false);
  const [detalle, setDetalle] = useState<string | null>(null);
  const styleUrl = estiloSegunModo(runtimeConfig().mapStyleUrl, mode === 'dark');
  const servicios = useMemo(() => mapa.data?.servicios ?? [], [mapa.data]);
  const sinTipos = mapa.data?.tipos.length === 0;
  // docs/spec/02.md section 7: the drivers of started trips inside the visible bounds, while there are any.
  const [limites, setLimites] = useState<Limites | null>(null);
  const enCurso = servicios.some((s) => s.iniciado && s.estado === 'confirmado');
  const conductores = useConductores(limites, enCurso);
  const conductoresEnVista = enCurso ? (conductores.data ?? SIN_CONDUCTORES) : SIN_CONDUCTORES;
  const onSelect = useCallback((id: string) => setDetalle(id), []);
  // Chosen from the legend's list: the map also moves to it (it may lie outside the view).
  const [foco, setFoco] = useState<{ lat: number; lng: number; zoom?: number } | null>(null);
  // The first view fits what is visible (and 'Ver todos' again); a trip named in the address
  // ('Servicios en Curso' links here) is centred on its vehicle instead.
  const [encuadre, setEncuadre] = useState(0);
  const [params] = useSearchParams();
  const pedido = params.get('servicio');
  const centrado = useRef<string | null>(null);
  useEffect(() => {
    if (!mapa.data || encuadre || pedido) return;
    setEncuadre(1);
  }, [mapa.data, encuadre, pedido]);
  useEffect(() => {
    if (!pedido || !mapa.data) return;
    const s = servicios.find((x) => x.id === pedido);
    const conductor = conductoresEnVista.find((c) => c.servicioId === pedido);
    // Once on its marker, and once more when its driver's position arrives.
    const clave = `${pedido}|${conductor ? 'conductor' : 'servicio'}`;
    if (!s || centrado.current === clave) return;
    centrado.current = clave;
    if (!visibles.includes(s.estado)) setVisibles((v) => [...v, s.estado]);
    setFoco(conductor ? { lat: conductor.lat, lng: conductor.lng, zoom: 15 } : { lat: s.lat, lng: s.lng, zoom: 15 });
  }, [pedido, mapa.data, servicios, conductoresEnVista, visibles]);
  const onSelectLista = useCallback(
    (id: string) => {
      const s = servicios.find((x) => x.id === id);
      if (s) setFoco({ lat: s.lat, lng: s.lng });
      setDetalle(id);
    },
    [servicios],
  );
  const onLoaded = useCallback(() => setCargado(true), []);
  const [fondoFallido, setFondoFallido] = useState(false);
  const onFondoFallido = useCallback(() => setFondoFallido(true), []);
  const onToggle = useCallback((estado: EstadoMapa, visible: boolean) => setVisibles((v) => (visible ? [...v, estado] : v.filter((e) => e !== estado))), []);

  return (
    <div className={cargado ? 'monitor-map' : 'monitor-map monitor-map--cargando'}>
      <h1 className="visually-hidden">{title}</h1>
      <Suspense fallback={null}>
        <MapCanvas
          styleUrl={styleUrl}
          servicios={servicios}
          visibles={visibles}
          conductores={conductoresEnVista}
          foco={foco}
          encuadre={encuadre}
          onSelect={onSelect}
          onBounds={setLimites}
          onLoaded={onLoaded}
          onFondoFallido={onFondoFallido}
        />
      </Suspense>
      {/* Not under the feed's error or the fleet's warning: one message in the middle at a time. */}
      {!cargado && !fondoFallido && !mapa.isLoadingError && !sinTipos && (
        <div className="monitor-map__overlay">
          <span className="monitor-map__cargando" role="status">
            {MAPA_MSG.cargando}
          </span>
        </div>
      )}
      {cargado && servicios.length > 0 && (
        <div className="monitor-map__encuadre">
          <Button iconName="zoom-to-fit" onClick={() => setEncuadre((n) => n + 1)}>
            Ver todos
          </Button>
        </div>
      )}
      {/* At once, not with the feed: the states are known before their counts arrive. */}
      {!mapa.isLoadingError && !sinTipos && (
        <MapLegend
          servicios={mapa.data ? servicios : undefined}
          visibles={visibles}
          onToggle={onToggle}
          onSelect={onSelectLista}
          actualizado={mapa.dataUpdatedAt || null}
          errorRefresco={mapa.isRefetchError}
          expandida={!esTelefono()}
          conductores={conductoresEnVista.length}
        />
      )}
      {sinTipos && (
        <div className="monitor-map__center">
          <Alert
            type="warning"
            header={MAPA_MSG.sinTipos}
            action={<Button onClick={() => navigate('/panel-control/gestiona-flota')}>Ir a Gestión de Flota</Button>}
          >
            El mapa muestra los servicios de los tipos de vehículo que tiene la flota. Registra un vehículo para empezar a recibir solicitudes.
          </Alert>
        </div>
      )}
      {mapa.isLoadingError && (
        <div className="monitor-map__center">
          <Alert type="error" header="No se pudieron cargar los servicios" action={<Reintentar consulta={mapa} />}>
            {errorMessage(mapa.error) || VEHICULO_MSG.errorCarga}
          </Alert>
        </div>
      )}
      {fondoFallido && (
        <div className="monitor-map__aviso" role="status">
          <StatusText type="warning">{MAPA_MSG.fondoFallido}</StatusText>
        </div>
      )}
      <ServicioDialogs id={detalle} onClose={() => setDetalle(null)} />
    </div>
  );
}
