import type { Role, Usuario, UsuarioEmpresa } from '@shared/schemas/empresa.js';
import type { Quien } from '@shared/schemas/historial.js';

/** A company's admin or staff: every read and write is scoped to `empresaId`, from the user record. */
export type CompanyCaller = { kind: 'empresa'; role: 'admin' | 'user'; sub: string; email: string; usuario: UsuarioEmpresa; empresaId: string };
/** Marketplace staff: no company of their own, so no company id to scope by (or to fake). */
export type PlataformaCaller = { kind: 'plataforma'; role: 'plataforma'; sub: string; email: string; usuario: Extract<Usuario, { role: 'plataforma' }> };
/** A driver: the company and vehicle it drives, from its record. */
export type ConductorCaller = {
  kind: 'conductor';
  role: 'conductor';
  sub: string;
  email: string;
  usuario: Extract<Usuario, { role: 'conductor' }>;
  empresaId: string;
  vehiculoId: string;
};
/** Who uses the console: a company's users and marketplace staff. */
export type ConsolaCaller = CompanyCaller | PlataformaCaller;
export type Caller = CompanyCaller | PlataformaCaller | ConductorCaller;

/** The caller a route with these roles receives (a union when it admits several kinds). */
export type CallerOf<R extends Role> = R extends 'admin' | 'user' ? CompanyCaller : R extends 'plataforma' ? PlataformaCaller : ConductorCaller;

/** The caller, by kind, from its user record: the record decides company and role, never the request. */
export function callerFrom(usuario: Usuario): Caller {
  const base = { sub: usuario.id, email: usuario.email };
  switch (usuario.role) {
    case 'admin':
    case 'user':
      return { ...base, kind: 'empresa', role: usuario.role, usuario, empresaId: usuario.empresaId };
    case 'plataforma':
      return { ...base, kind: 'plataforma', role: 'plataforma', usuario };
    case 'conductor':
      return { ...base, kind: 'conductor', role: 'conductor', usuario, empresaId: usuario.empresaId, vehiculoId: usuario.vehiculoId };
  }
}

/** Who a change was made by, as the service's audit trail records it. */
export const quienDe = (caller: Caller): Quien =>
  caller.kind === 'plataforma' ? { tipo: 'usuario', nombre: caller.email } : { tipo: caller.kind === 'conductor' ? 'conductor' : 'usuario', nombre: caller.email, empresaId: caller.empresaId };
