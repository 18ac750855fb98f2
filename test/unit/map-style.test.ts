import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateStyleMin, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { ZOOM_MAPA } from '../../web/src/features/mapa/map-style.js';

/** The offline base map that scripts/build-map-data.ts writes (npm run map:data). */
const DIR = join(import.meta.dirname, '../../web/public/map');
/** Everything in web/public/map, uncompressed: ~175 KB today. The console downloads all of it. */
const BUDGET_BYTES = 200 * 1024;
const CALI: [number, number] = [-76.532, 3.4516];
const CARACAS: [number, number] = [-66.9036, 10.4806];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as T;

/** Ray casting over the outer rings minus the holes (even-odd across all rings). */
function contains(geometry: Polygon | MultiPolygon, [x, y]: [number, number]): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const ring of polygons.flat() as Position[][]) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe.each(['style.json', 'style-dark.json'])('%s', (file) => {
  const style = readJson<StyleSpecification>(file);

  it('is a valid MapLibre style (no errors, no warnings)', () => {
    expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
  });

  it('needs nothing from a server but its own GeoJSON files: no glyphs, no sprite, no symbol layers', () => {
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(style.layers.filter((l) => l.type === 'symbol')).toEqual([]);
    expect(Object.keys(style.sources).sort()).toEqual(['ciudades', 'colombia']);
    for (const [id, source] of Object.entries(style.sources)) {
      expect(source.type).toBe('geojson');
      // Root-relative, served from web/public/map.
      const data = 'data' in source ? source.data : undefined;
      expect(data).toBe(`/map/${id}.geojson`);
      expect(existsSync(join(DIR, `${id}.geojson`))).toBe(true);
    }
  });

  it('has the same layers as the other variant, so the console can refer to them in either', () => {
    const other = readJson<StyleSpecification>(file === 'style.json' ? 'style-dark.json' : 'style.json');
    expect(style.layers.map((l) => `${l.id}:${l.type}`)).toEqual(other.layers.map((l) => `${l.id}:${l.type}`));
    expect(style.layers.at(-1)?.id).toBe('ciudades');
  });

  it('draws no city dot at the zoom the console opens at (inside Cali, an unlabelled dot reads as a marker)', () => {
    const ciudades = style.layers.find((l) => l.id === 'ciudades');
    expect(ciudades?.maxzoom).toBeLessThanOrEqual(ZOOM_MAPA);
  });
});

describe('colombia.geojson', () => {
  const countries = readJson<FeatureCollection<Polygon | MultiPolygon, { iso: string; colombia: boolean }>>('colombia.geojson');
  const colombia = countries.features.filter((f) => f.properties.colombia);

  it('has Colombia once, and neighbours for context', () => {
    expect(colombia).toHaveLength(1);
    expect(colombia[0]!.properties.iso).toBe('170');
    const isos = countries.features.map((f) => f.properties.iso);
    for (const neighbour of ['862', '218', '604', '076', '591']) expect(isos).toContain(neighbour);
  });

  it("Colombia's outline holds Cali and not Caracas (which Venezuela's does)", () => {
    expect(contains(colombia[0]!.geometry, CALI)).toBe(true);
    expect(contains(colombia[0]!.geometry, CARACAS)).toBe(false);
    const venezuela = countries.features.find((f) => f.properties.iso === '862')!;
    expect(contains(venezuela.geometry, CARACAS)).toBe(true);
  });

  it('has only closed rings of real positions', () => {
    for (const f of countries.features) {
      const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
      for (const ring of polygons.flat()) {
        expect(ring.length).toBeGreaterThanOrEqual(4);
        expect(ring[0]).toEqual(ring.at(-1));
        for (const [lng = NaN, lat = NaN] of ring) {
          expect(Math.abs(lng)).toBeLessThanOrEqual(180);
          expect(Math.abs(lat)).toBeLessThanOrEqual(90);
        }
      }
    }
  });
});

describe('ciudades.geojson', () => {
  const cities = readJson<FeatureCollection<Point, { nombre: string; poblacion: number }>>('ciudades.geojson').features;
  const byName = new Map(cities.map((f) => [f.properties.nombre, f.geometry.coordinates]));

  it('names each point once, in Spanish', () => {
    expect(cities.every((f) => f.geometry.type === 'Point' && f.properties.nombre.trim() !== '')).toBe(true);
    expect(byName.size).toBe(cities.length);
    for (const nombre of ['Bogotá', 'Medellín', 'Cúcuta', 'Ibagué', 'Popayán', 'Montería', 'Buga']) expect(byName.has(nombre)).toBe(true);
  });

  it('has Cali where Cali is', () => {
    const [lng = NaN, lat = NaN] = byName.get('Cali') ?? [];
    expect(Math.abs(lng - CALI[0])).toBeLessThan(0.05);
    expect(Math.abs(lat - CALI[1])).toBeLessThan(0.05);
  });
});

it(`web/public/map stays under ${BUDGET_BYTES / 1024} KB`, () => {
  const total = readdirSync(DIR).reduce((sum, file) => sum + statSync(join(DIR, file)).size, 0);
  expect(total).toBeLessThan(BUDGET_BYTES);
});
