import { Map as MapLibreMap, Marker, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef } from 'react';
import { runtimeConfig } from '../../../lib/config.js';
import { useThemeMode } from '../../../lib/theme.js';
import { estiloSegunModo } from '../map-style.js';
import { MAPA_LOCALE } from '../map-locale.js';

setWorkerUrl(workerUrl);

/** Close enough to see the streets around the vehicle (Amazon Location's map has them). */
const ZOOM = 14;

/** The vehicle's last position on a small map, followed as it moves; the plate beside its dot. */
export function MapaSeguimiento({ lat, lng, placas }: { lat: number; lng: number; placas: string }) {
  const contenedor = useRef<HTMLDivElement>(null);
  const mapa = useRef<MapLibreMap | null>(null);
  const marcador = useRef<Marker | null>(null);
  const { mode } = useThemeMode();
  const estilo = estiloSegunModo(runtimeConfig().mapStyleUrl, mode === 'dark');

  useEffect(() => {
    const m = new MapLibreMap({ container: contenedor.current!, style: estilo, center: [lng, lat], zoom: ZOOM, attributionControl: { compact: true }, locale: MAPA_LOCALE, fadeDuration: 0 });
    const el = document.createElement('div');
    el.className = 'seguimiento__vehiculo';
    el.setAttribute('aria-hidden', 'true');
    el.innerHTML = '<span class="seguimiento__punto"></span><span class="seguimiento__placas"></span>';
    el.querySelector('.seguimiento__placas')!.textContent = placas;
    marcador.current = new Marker({ element: el, anchor: 'left', offset: [-9, 0] }).setLngLat([lng, lat]).addTo(m);
    mapa.current = m;
    return () => {
      m.remove();
      mapa.current = null;
    };
    // Made once; the position and the style change below.
  }, []);

  useEffect(() => {
    marcador.current?.setLngLat([lng, lat]);
    mapa.current?.easeTo({ center: [lng, lat], duration: 0 });
  }, [lat, lng]);

  useEffect(() => {
    mapa.current?.setStyle(estilo);
  }, [estilo]);

  return <div ref={contenedor} className="seguimiento__mapa" role="region" aria-label={`Mapa con la última posición del vehículo ${placas}`} />;
}
