import { LngLatBounds, Map as MapLibreMap, Marker, setWorkerUrl, type FilterSpecification, type GeoJSONSource, type MapLayerMouseEvent } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { ESTADO_MAPA_INFO, ESTADOS_MAPA, etiquetaEstadoMapa, type EstadoMapa } from '@shared/domain/mapa.js';
import type { Limites } from '@shared/domain/recorrido.js';
import type { Marcador } from '@shared/schemas/mapa.js';
import type { ConductorEnMapa } from '@shared/schemas/recorrido.js';

// MapLibre 6 under Vite: the worker is its own file, named here (docs/architecture.md, traps).
setWorkerUrl(workerUrl);

import { CENTRO_MAPA, ZOOM_MAPA } from '../map-style.js';
// One image per state colour: the symbol layer picks it per feature, so 50 markers cost one draw call.
import { iconoConductor, iconoFlecha } from '../marker-images.js';
import { MAPA_LOCALE } from '../map-locale.js';
import { cuandoLibre } from '../../../lib/cuando-libre.js';
import { formatTime } from '../../../lib/format.js';

const SOURCE = 'servicios';
const LAYER = 'servicios-flechas';
const iconName = (estado: EstadoMapa) => `flecha-${estado}`;
/** The longest the map's creation waits for the page to be idle. */
const CREAR_MAX_MS = 1000;

/** A driver on a started trip (docs/spec/02.md section 7), drawn above the arrows. */
const CONDUCTOR_ICON = 'conductor';
const CONDUCTORES = 'conductores';
const CONDUCTORES_LAYER = 'conductores-puntos';
const conductoresGeoJSON = (conductores: readonly ConductorEnMapa[]): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
  type: 'FeatureCollection',
  features: conductores.map((c) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [c.lng, c.lat] }, properties: { id: c.servicioId, placas: c.placas } })),
});

const toGeoJSON = (servicios: readonly Marcador[]): GeoJSON.FeatureCollection<GeoJSON.Point> => ({
  type: 'FeatureCollection',
  features: servicios.map((s) => ({ type: 'Feature', id: s.id, geometry: { type: 'Point', coordinates: [s.lng, s.lat] }, properties: { id: s.id, estado: s.estado } })),
});

/** Room around a fitted view: past the legend where it floats (beside it on a wide map, under it on a narrow one) and the 'Ver todos' button. */
function margenes(contenedor: HTMLElement): { top: number; bottom: number; left: number; right: number } {
  const caja = contenedor.getBoundingClientRect();
  // 'Ver todos' at the bottom (on a phone): the markers stay above it.
  const boton = contenedor.parentElement?.querySelector('.monitor-map__encuadre')?.getBoundingClientRect();
  const base = { top: 48, bottom: boton && boton.top > caja.top + caja.height / 2 ? caja.bottom - boton.top + 16 : 48, left: 48, right: 48 };
  const leyenda = contenedor.parentElement?.querySelector('.monitor-map__legend')?.getBoundingClientRect();
  if (!leyenda || !leyenda.width) return base;
  const alLado = leyenda.right - caja.left + 24;
  const debajo = leyenda.bottom - caja.top + 24;
  // Whichever leaves the markers more room.
  return alLado < caja.width / 2 ? { ...base, left: alLado } : debajo < caja.height / 2 ? { ...base, top: debajo } : base;
}

/** Hidden states are filtered out, not only made transparent: an invisible marker must not take clicks. */
const visibleFilter = (visibles: readonly EstadoMapa[]): FilterSpecification => ['in', ['get', 'estado'], ['literal', [...visibles]]];

export interface MapCanvasProps {
  styleUrl: string;
  servicios: readonly Marcador[];
  visibles: readonly EstadoMapa[];
  /** Drivers of the company's started trips (docs/spec/02.md section 7), drawn above the arrows. */
  conductores?: readonly ConductorEnMapa[];
  /** The visible bounds, after each move (the drivers are asked for within them). */
  onBounds?: (limites: Limites) => void;
  /** Where to move the map (a service chosen from the legend's list); a new object moves it again. */
  foco?: { lat: number; lng: number; zoom?: number } | null;
  /** Each new value fits the view to the visible markers and drivers (the first view, 'Ver todos'). */
  encuadre?: number;
  onSelect: (id: string) => void;
  /** The first view is drawn whole (sources, markers and all). */
  onLoaded?: () => void;
  /** The first view's base map could not be loaded: its style, or a source of it (outline, cities, tiles). */
  onFondoFallido?: () => void;
}

/** The MapLibre map: full size of its box, no zoom, street-view, map-type or fullscreen controls. */
export function MapCanvas({ styleUrl, servicios, visibles, conductores = [], foco, encuadre = 0, onSelect, onBounds, onLoaded, onFondoFallido }: MapCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ servicios, visibles, conductores, onSelect, onBounds, onLoaded, onFondoFallido });
  latest.current = { servicios, visibles, conductores, onSelect, onBounds, onLoaded, onFondoFallido };

  useEffect(() => {
    // Made in a task of its own, after the next frame and once the page is idle (1 s at most), not in
    // React's commit: MapLibre's constructor holds the main thread while its WebGL context is created
    // (100-350 ms on a machine without a GPU). In a commit that a query's answer made synchronous, it
    // ran in the same task as the panel's render (Lighthouse: 280-480 ms tasks in 2 runs of 7).
    let quitar: (() => void) | undefined;
    let cancelar: (() => void) | undefined;
    const cuadro = requestAnimationFrame(() => (cancelar = cuandoLibre(() => (quitar = crear()), CREAR_MAX_MS)));
    return () => {
      cancelAnimationFrame(cuadro);
      cancelar?.();
      quitar?.();
    };
    // The map is made once; a style change (dark mode) goes through setStyle below.
  }, []);

  function crear() {
    const m = new MapLibreMap({
      container: container.current!,
      style: styleUrl,
      center: CENTRO_MAPA,
      zoom: ZOOM_MAPA,
      attributionControl: { compact: true },
      locale: MAPA_LOCALE,
      // Keyboard users move the map with the arrow keys; the page's own scroll is not hijacked.
      cooperativeGestures: false,
      // No cross-fade of the markers: each fade is a run of frames drawn on the page's main thread.
      fadeDuration: 0,
    });
    map.current = m;
    const addLayer = () => {
      const ratio = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
      for (const estado of ESTADOS_MAPA) {
        if (!m.hasImage(iconName(estado))) m.addImage(iconName(estado), iconoFlecha(ESTADO_MAPA_INFO[estado].color, ratio), { pixelRatio: ratio });
      }
      if (!m.getSource(SOURCE)) m.addSource(SOURCE, { type: 'geojson', data: toGeoJSON(latest.current.servicios) });
      if (!m.getLayer(LAYER)) {
        m.addLayer({
          id: LAYER,
          type: 'symbol',
          source: SOURCE,
          filter: visibleFilter(latest.current.visibles),
          layout: {
            'icon-image': ['concat', 'flecha-', ['get', 'estado']],
            'icon-allow-overlap': true,
            'icon-ignore-placement': true,
            'icon-size': ['interpolate', ['linear'], ['zoom'], 5, 0.6, 13, 1, 16, 1.2],
          },
        });
      }
      if (!m.hasImage(CONDUCTOR_ICON)) m.addImage(CONDUCTOR_ICON, iconoConductor(ratio), { pixelRatio: ratio });
      if (!m.getSource(CONDUCTORES)) m.addSource(CONDUCTORES, { type: 'geojson', data: conductoresGeoJSON(latest.current.conductores) });
      if (!m.getLayer(CONDUCTORES_LAYER)) {
        m.addLayer({ id: CONDUCTORES_LAYER, type: 'symbol', source: CONDUCTORES, layout: { 'icon-image': CONDUCTOR_ICON, 'icon-allow-overlap': true, 'icon-ignore-placement': true } });
      }
    };
    const bounds = () => {
      const b = m.getBounds();
      // The view as it stands, readable from outside the canvas (the e2e tests find a marker's pixel by it).
      const c = m.getCenter();
      container.current?.setAttribute('data-vista', JSON.stringify({ lng: c.lng, lat: c.lat, zoom: m.getZoom() }));
      latest.current.onBounds?.({ norte: b.getNorth(), sur: b.getSouth(), este: b.getEast(), oeste: b.getWest() });
    };
    m.on('moveend', bounds);
    // The first view's base map failed: the style itself, or one of its sources (the offline outline and
    // cities, or Amazon Location's tiles; ours are inline data). Later failures (a tile while panning)
    // are MapLibre's to retry.
    let primeraVista = true;
    let cargado = false;
    let fondoFallido = false;
    let listo = false;
    // Loaded once drawn whole (its first 'idle' after the markers' layer): the page keeps the canvas
    // hidden until then (styles.css, .monitor-map--cargando).
    const mostrar = () => {
      if (listo) return;
      listo = true;
      primeraVista = false;
      latest.current.onLoaded?.();
    };
    m.on('error', (e) => {
      const fuente = (e as { sourceId?: string }).sourceId;
      if (!primeraVista || fuente === SOURCE || fuente === CONDUCTORES) return;
      latest.current.onFondoFallido?.();
      // A base source that failed may keep MapLibre from ever being 'idle' (a CI run waited 30 s): the
      // markers show on what there is.
      fondoFallido = true;
      if (cargado) mostrar();
    });
    m.on('load', () => {
      addLayer();
      bounds();
      setReady(true);
      cargado = true;
      if (fondoFallido) mostrar();
      else m.once('idle', mostrar);
    });
    // A new style (dark mode) drops sources and layers: put them back.
    m.on('style.load', addLayer);
    for (const layer of [LAYER, CONDUCTORES_LAYER]) {
      m.on('click', layer, (e: MapLayerMouseEvent) => {
        const id = e.features?.[0]?.properties?.id;
        if (typeof id === 'string') latest.current.onSelect(id);
      });
      m.on('mouseenter', layer, () => (m.getCanvas().style.cursor = 'pointer'));
      m.on('mouseleave', layer, () => (m.getCanvas().style.cursor = ''));
    }
    // The panel's layout changes size without a window resize (side menu, phone bars).
    const observer = new ResizeObserver(() => m.resize());
    observer.observe(container.current!);
    return () => {
      observer.disconnect();
      m.remove();
      map.current = null;
    };
  }

  const appliedStyle = useRef(styleUrl);
  useEffect(() => {
    if (!ready || appliedStyle.current === styleUrl) return;
    appliedStyle.current = styleUrl;
    map.current?.setStyle(styleUrl);
  }, [ready, styleUrl]);

  useEffect(() => {
    if (ready) (map.current?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(toGeoJSON(servicios));
  }, [ready, servicios]);

  useEffect(() => {
    if (ready) (map.current?.getSource(CONDUCTORES) as GeoJSONSource | undefined)?.setData(conductoresGeoJSON(conductores));
  }, [ready, conductores]);

  useEffect(() => {
    if (ready && map.current?.getLayer(LAYER)) map.current.setFilter(LAYER, visibleFilter(visibles));
  }, [ready, visibles]);

  useEffect(() => {
    if (ready && foco) map.current?.easeTo({ center: [foco.lng, foco.lat], ...(foco.zoom ? { zoom: foco.zoom } : {}), duration: 600 });
  }, [ready, foco]);

  // The view that shows every visible marker and driver, clear of the legend that floats over the map's
  // corner (markers under it, or cut at the edges, were missed).
  useEffect(() => {
    const m = map.current;
    if (!ready || !m || !encuadre) return;
    const puntos: [number, number][] = [
      ...latest.current.servicios.filter((s) => latest.current.visibles.includes(s.estado)).map((s): [number, number] => [s.lng, s.lat]),
      ...latest.current.conductores.map((c): [number, number] => [c.lng, c.lat]),
    ];
    if (!puntos.length) return;
    const caja = puntos.reduce((b, p) => b.extend(p), new LngLatBounds(puntos[0], puntos[0]));
    m.fitBounds(caja, { padding: margenes(container.current!), maxZoom: 15, duration: encuadre === 1 ? 0 : 600 });
  }, [ready, encuadre]);

  // Beside each driver's dot: its plates, 'En curso' as the lists say it, and the time of its last
  // position (the canvas draws no text: the offline style has no fonts). Read by the legend's list too.
  const etiquetas = useRef(new Map<string, Marker>());
  useEffect(() => {
    const m = map.current;
    if (!ready || !m) return;
    const vigentes = new Set(conductores.map((c) => c.servicioId));
    for (const [id, marcador] of etiquetas.current) {
      if (!vigentes.has(id)) {
        marcador.remove();
        etiquetas.current.delete(id);
      }
    }
    for (const c of conductores) {
      let marcador = etiquetas.current.get(c.servicioId);
      if (!marcador) {
        const el = document.createElement('div');
        el.className = 'conductor-etiqueta';
        el.setAttribute('aria-hidden', 'true');
        marcador = new Marker({ element: el, anchor: 'left', offset: [14, 0] }).setLngLat([c.lng, c.lat]).addTo(m);
        etiquetas.current.set(c.servicioId, marcador);
      }
      marcador.setLngLat([c.lng, c.lat]);
      marcador.getElement().textContent = `${c.placas} · ${etiquetaEstadoMapa('confirmado', true)} · ${formatTime(c.posicionEn)}`;
    }
  }, [ready, conductores]);

  return <div ref={container} className="monitor-map__canvas" role="region" aria-label="Mapa de servicios" />;
}
