import KeyValuePairs, { type KeyValuePairsProps } from '@cloudscape-design/components/key-value-pairs';
import { useEsTelefono } from '../lib/use-es-telefono.js';

/** Cloudscape's key-value pairs, in one column on a phone: side by side there, labels and values wrap word by word. */
export function Pares(props: KeyValuePairsProps) {
  const telefono = useEsTelefono();
  return <KeyValuePairs {...props} columns={telefono ? 1 : props.columns} />;
}
