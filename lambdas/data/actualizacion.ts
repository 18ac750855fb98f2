/**
 * An UpdateExpression that sets these attributes and removes those, every name aliased (so reserved
 * words such as `estado` need no care) under its own prefix, to combine with a condition's names.
 */
export function actualizacion(set: Record<string, unknown>, remove: readonly string[] = [], prefijo = 'u') {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#${prefijo}${i}`] = k;
      values[`:${prefijo}${i}`] = v;
      return `#${prefijo}${i} = :${prefijo}${i}`;
    });
  const quitados = remove.filter((k) => set[k] === undefined).map((k, i) => {
    names[`#${prefijo}q${i}`] = k;
    return `#${prefijo}q${i}`;
  });
  const partes = [...(sets.length ? [`SET ${sets.join(', ')}`] : []), ...(quitados.length ? [`REMOVE ${quitados.join(', ')}`] : [])];
  return { UpdateExpression: partes.join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
