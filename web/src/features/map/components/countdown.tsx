import Box from '@cloudscape-design/components/box';
import { useEffect, useState } from 'react';

/** Days, hours (24-hour cycle), minutes and seconds until an instant (spec 02 section 2.2). */
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

/** The same countdown on one line, for lists ('2 d 03 h 15 min 09 s'). */
export function CountdownCompacto({ hasta }: { hasta: string }) {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setAhora(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const p = partesHasta(hasta, ahora);
  if (!p) return <Box color="text-status-inactive">Salida cumplida</Box>;
  const dd = (n: number) => String(n).padStart(2, '0');
  return (
    <span className="nowrap" role="timer" aria-live="off">
      {p.dias} d {dd(p.horas)} h {dd(p.mins)} min {dd(p.segs)} s
    </span>
  );
}
