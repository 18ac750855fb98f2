import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Calendar, { type CalendarProps } from '@cloudscape-design/components/calendar';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { fechaParaEscribir, leerFechaEscrita } from '@shared/domain/fecha-escrita.js';

interface CampoFechaProps {
  label: string;
  /** The kept date, 'YYYY-MM-DD'; what was typed while it is not a date yet. */
  value: string;
  onChange: (value: string) => void;
  errorText?: string;
  /** Under the field while it has no error (e.g. the date in words, as it is kept). */
  constraintText?: ReactNode;
  disabled?: boolean;
  /** The days the calendar offers; the form's schema still checks a typed one. */
  isDateEnabled?: CalendarProps.IsDateEnabledFunction;
  dateDisabledReason?: CalendarProps.DateDisabledReasonFunction;
}

/**
 * A date typed as people in Colombia write it, day first (31/12/2027), or year first, or picked in a
 * calendar. Cloudscape's DatePicker masks typing year first and corrects what does not fit, so
 * "31/12/2027" became 2031/12/20; here what is not a real date is said, never changed
 * (shared/domain/fecha-escrita.ts).
 */
export function CampoFecha({ label, value, onChange, errorText, constraintText, disabled, isDateEnabled, dateDisabledReason }: CampoFechaProps) {
  const [texto, setTexto] = useState(() => fechaParaEscribir(value));
  const [errorLectura, setErrorLectura] = useState<string>();
  const [calendario, setCalendario] = useState(false);
  const calendarioId = useId();
  const boton = useRef<ButtonProps.Ref>(null);

  /**
   * Escape with the calendar open closes the calendar only, back on its button: inside a dialog (the
   * vehicle form, a payment's) it closed the whole dialog, and what was typed in it with it.
   */
  function escape(e: KeyboardEvent) {
    if (!calendario || e.key !== 'Escape') return;
    e.stopPropagation();
    setCalendario(false);
    boton.current?.focus();
  }

  // A value set from outside (the calendar, a reset of the form) is shown day first; one that came
  // from this field's own typing is left as typed (so the effect reads only `value`).
  useEffect(() => {
    const leida = leerFechaEscrita(texto);
    if (value !== texto.trim() && !(leida && 'fecha' in leida && leida.fecha === value)) setTexto(fechaParaEscribir(value));
  }, [value]);

  function escribir(t: string) {
    setTexto(t);
    setErrorLectura(undefined);
    const leida = leerFechaEscrita(t);
    onChange(leida && 'fecha' in leida ? leida.fecha : t.trim());
  }

  /** Leaving the field: a date is shown day first; what is not one says why. */
  function salir() {
    const leida = leerFechaEscrita(texto);
    if (leida && 'error' in leida) setErrorLectura(leida.error);
    else if (leida) setTexto(fechaParaEscribir(leida.fecha));
  }

  const error = errorLectura ?? errorText;
  return (
    <FormField label={label} errorText={error} constraintText={error ? undefined : constraintText} stretch>
      <div className="campo-fecha" onKeyDown={escape}>
        <div className="campo-fecha__texto">
          <Input
            value={texto}
            onChange={({ detail }) => escribir(detail.value)}
            onBlur={salir}
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            autoComplete={false}
            disabled={disabled}
            invalid={!!error}
          />
        </div>
        <Button
          ref={boton}
          variant="icon"
          iconName="calendar"
          ariaLabel={`Elegir ${label.toLowerCase()} en el calendario`}
          ariaExpanded={calendario}
          ariaControls={calendarioId}
          disabled={disabled}
          formAction="none"
          onClick={() => setCalendario(!calendario)}
        />
      </div>
      {calendario && (
        <div id={calendarioId} className="campo-fecha__calendario" onKeyDown={escape}>
          <Calendar
            value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
            locale="es-CO"
            ariaLabel={`Calendario: ${label.toLowerCase()}`}
            isDateEnabled={isDateEnabled}
            dateDisabledReason={dateDisabledReason}
            onChange={({ detail }) => {
              setErrorLectura(undefined);
              setTexto(fechaParaEscribir(detail.value));
              onChange(detail.value);
              setCalendario(false);
            }}
          />
        </div>
      )}
    </FormField>
  );
}
