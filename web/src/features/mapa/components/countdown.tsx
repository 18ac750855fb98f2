import Box from '@cloudscape-design/components/box';
import { useEffect, useState } from 'react';

/** Days, hours (24-hour cycle), minutes and seconds until an instant (docs/spec/02.md section 2.2). */
export function partesHasta(instante: string, ahora: number): { dias: number; horas: number; mins: number; segs: number } | null {
  const ms = Date.parse(instante) - ahora;
  if (!(ms > 0)) return null;
  const s = Math.floor(ms / 1000);
  return { dias: Math.floor(s / 86_400), horas: Math.floor((s % 86_400) / 3600), mins: Math.floor((s % 3600) / 60), segs: s % 60 };
}

/** The live countdown to departure, updated every second. */
export function Countdown({ hasta }: { hasta: string }) {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const partes = partesHasta(hasta, ahora);
  if (!partes) return <Box color="text-status-inactive">La hora de salida ya pasó</Box>;
  const unidades: [number, string][] = [
    [partes.dias, 'días'],
    [partes.horas, 'horas'],
    [partes.mins, 'mins'],
    [partes.segs, 'segs'],
  ];
  return (
    // Read out once, not every second.
    <div className="countdown" role="timer" aria-live="off" aria-label={`Faltan ${partes.dias} días, ${partes.horas} horas y ${partes.mins} minutos para la salida`}>
      {unidades.map(([valor, unidad]) => (
        <div key={unidad} className="countdown__unit">
          <span className="countdown__value">{String(valor).padStart(2, '0')}</span>
          <span className="countdown__label">{unidad}</span>
        </div>
      ))}
    </div>
  );
}

/** How long ago a departure was, to the minute: '45 min', '3 h 05 min', '2 d 4 h'. */
export function haceCuanto(instante: string, ahora: number): string {
  const mins = Math.max(0, Math.floor((ahora - Date.parse(instante)) / 60_000));
  const [d, h, m] = [Math.floor(mins / 1440), Math.floor((mins % 1440) / 60), mins % 60];
  if (d) return `${d} d ${h} h`;
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/**
 * The same countdown on one line, for lists ('2 d 03 h 15 min 09 s'). Once the departure passed it
 * says how long ago ('Hace 20 h 05 min'; the row's state says what became of it: on its way, or 'Vencida').
 */
export function CountdownCompacto({ hasta }: { hasta: string }) {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const p = partesHasta(hasta, ahora);
  // Under the departure in Reservaciones, as 'Sale en …' is before it.
  if (!p) {
    return (
      <Box variant="small" color="text-status-inactive">
        <span className="nowrap">{`Hace ${haceCuanto(hasta, ahora)}`}</span>
      </Box>
    );
  }
  const dd = (n: number) => String(n).padStart(2, '0');
  return (
    // 'Sale en' as a past one says 'Hace' (a bare '01 h 28 min' read as a duration of something).
    <span role="timer" aria-live="off">
      Sale en{' '}
      <span className="nowrap">
        {/* Under a day, no '0 d': the column stays narrow beside the fixed actions. */}
        {p.dias ? `${p.dias} d ` : ''}
        {dd(p.horas)} h {dd(p.mins)} min {dd(p.segs)} s
      </span>
    </span>
  );
}
